import type { TwoFactorMessages } from './groups/two-factor';

/**
 * Every label that @tsumiki/ui renders by itself. Japanese defaults; an app overrides any of them
 * through `MessagesProvider`.
 */
export type Messages = {
  button: {
    /** Announced through a live region while a button is busy. */
    loading: string;
  };
  spinner: {
    /** Default accessible name of a standalone spinner. */
    label: string;
  };
  textField: {
    /** Marker next to the label of a required field. */
    required: string;
  };
  passwordField: {
    /** Name of the show/hide toggle (a pressed toggle shows the password), given the field's label. */
    toggle: (label: string | undefined) => string;
  };
  sidebar: {
    /** Accessible name of the navigation landmark. */
    navigationLabel: string;
    /** Title of the drawer below the md breakpoint (visually hidden). */
    drawerTitle: string;
    /** Close button of the drawer. */
    close: string;
    logout: string;
    /** Small tagline under the default brand. */
    brandTagline: string;
    /** Read after an item's count badge, e.g. （未読 3 件）. */
    itemBadge: (count: number) => string;
  };
  topBar: {
    openMenu: string;
    /** Accessible prefix for the tenant name. */
    tenant: string;
    /** Accessible prefix for the user's email address. */
    account: string;
    /** Visually hidden text before the plan chip. */
    plan: string;
    /** Visually hidden text before the role chip. */
    role: string;
    planLabels: Record<string, string>;
    roleLabels: Record<string, string>;
  };
  layout: {
    skipToContent: string;
  };
  common: {
    close: string;
    cancel: string;
    confirm: string;
    retry: string;
    dismiss: string;
    /** Shown for a missing value (e.g. no request id). */
    notAvailable: string;
  };
  link: {
    /** Read after a link that opens a new tab. */
    opensInNewTab: string;
  };
  progress: {
    /** Accessible name of a progress bar without a label. */
    label: string;
  };
  select: {
    placeholder: string;
  };
  textarea: {
    /** Character counter, e.g. 12 / 200 文字. */
    count: (length: number, max: number) => string;
  };
  searchInput: {
    label: string;
    placeholder: string;
    clear: string;
  };
  tagInput: {
    /** How to use it, read with the input. */
    hint: string;
    /** Accessible name of the list of tags. */
    listLabel: string;
    /** Name of a tag's × button. */
    remove: (tag: string) => string;
    /** Announced after a change. */
    added: (tag: string) => string;
    removed: (tag: string) => string;
    duplicate: (tag: string) => string;
    limit: (max: number) => string;
    tooLong: (max: number) => string;
  };
  dateField: {
    /** Format hint under the label. */
    hint: string;
    placeholder: string;
    invalid: string;
    /** Prefix of the 和暦 line. */
    wareki: string;
  };
  fileDropzone: {
    /** Main line of the drop area. */
    prompt: string;
    /** Button that opens the file picker. */
    browse: string;
    /** Line listing accepted types and the size limit. */
    constraints: (types: string | null, maxSize: string | null) => string;
    remove: (fileName: string) => string;
    /** Read after 再試行 on a failed file's button: which file. */
    retry: (fileName: string) => string;
    uploading: string;
    done: string;
    failed: string;
    /** SPEC section 8: FILE_TOO_LARGE and INVALID_FILE_TYPE. */
    errors: { FILE_TOO_LARGE: string; INVALID_FILE_TYPE: string };
  };
  pagination: {
    label: string;
    previous: string;
    next: string;
    page: (page: number) => string;
    /** 全 123 件中 21〜40 件 */
    range: (from: number, to: number, total: number) => string;
  };
  dataTable: {
    selectAll: string;
    /** Name of a row's checkbox; `row` is the row's label when the table has one. */
    selectRow: (row?: string) => string;
    /** Name of a row's action menu button. */
    rowActions: (row?: string) => string;
    /** Header of the actions column (visually hidden). */
    actionsColumn: string;
    loading: string;
    empty: string;
    emptyDescription: string;
    error: string;
    sortAscending: string;
    sortDescending: string;
    /** Read on a sortable header button that is not sorted. */
    sortable: string;
    selected: (count: number) => string;
  };
  toast: {
    /** Read before each toast's text when it is announced. */
    label: string;
    /** Name of the region that holds toasts; {hotkey} becomes F8, the key that moves focus there. */
    region: string;
  };
  session: {
    /** Accessible name of the session menu trigger. */
    menu: string;
    title: string;
    active: string;
    expiring: string;
    refreshSoon: string;
    invalid: string;
    expired: string;
    /** Short text on the trigger for an invalid session. */
    invalidShort: string;
    remaining: (minutes: number) => string;
    /** Shorter version for the trigger. */
    remainingShort: (minutes: number) => string;
    expiresAt: string;
    extend: (minutes: number) => string;
    /** Heading of the recent security events in the menu. */
    eventsTitle: string;
    noEvents: string;
    /** Count of the events that deserve a second look (shown in amber). */
    attentionEvents: (count: number) => string;
    /** Read with an event that deserves a second look. */
    attention: string;
    /** The session already ends at the cap: nothing to extend. */
    atCap: (limitMinutes: number) => string;
    /** Less room than the longest extension is left before the cap. */
    capRoom: (limitMinutes: number, roomMinutes: number) => string;
    manage: string;
  };
  notifications: {
    title: string;
    /** Accessible name of the bell: `bell`, then with unread items the visible count between these two. */
    bell: string;
    bellUnreadBefore: string;
    bellUnreadAfter: string;
    unread: string;
    markRead: string;
    markAllRead: string;
    showMore: string;
    viewAll: string;
    empty: string;
    emptyDescription: string;
    loading: string;
    /** Loading failed (shown with 再試行, never as 通知はありません). */
    error: string;
    types: Record<'success' | 'warning' | 'error' | 'info', string>;
    categories: Record<string, string>;
  };
  errors: {
    /** Severity names for chips and screen readers. */
    severities: Record<'low' | 'medium' | 'high' | 'critical', string>;
    /** Modal titles (SPEC section 8). */
    titles: { authentication: string; critical: string; system: string; generic: string };
    /** Snackbar titles per shown severity. */
    snackbarTitles: { info: string; warning: string; error: string };
    retry: string;
    retrying: string;
    contactSupport: string;
    showDetails: string;
    hideDetails: string;
    validationTitle: string;
    /** SPEC section 5: an empty list of validation errors. */
    validationGeneric: string;
    reLogin: string;
    logout: string;
    details: {
      requestId: string;
      code: string;
      category: string;
      path: string;
      time: string;
    };
    /** Japanese labels of API fields in validation errors (SPEC section 3). */
    fieldLabels: Record<string, string>;
    categories: Record<string, string>;
    /** Mail draft for contacting support (SPEC section 8). */
    supportMail: {
      subject: string;
      body: (error: { code: string; message: string; requestId: string | null }) => string;
      genericBody: string;
    };
  };
  network: {
    offlineTitle: string;
    offlineDescription: string;
    slowTitle: string;
    slowDescription: string;
    updateTitle: string;
    updateDescription: string;
    reload: string;
    later: string;
  };
  crash: {
    title: string;
    description: string;
    errorId: string;
    reload: string;
    goHome: string;
    contactSupport: string;
    technicalDetails: string;
    message: string;
    time: string;
    url: string;
    stack: string;
    mailSubject: string;
    mailBody: (report: { errorId: string; message: string; time: string; url: string }) => string;
  };
  permissionMatrix: {
    /** Header of the first column (the rows' names). */
    resourceHeader: string;
    /** Name of a cell's checkbox, e.g. 顧客の閲覧. */
    cellLabel: (resource: string, action: string) => string;
    /** Read for a granted cell in a read-only matrix. */
    granted: string;
    /** Read for a cell that is not granted in a read-only matrix. */
    denied: string;
    /** Read for a cell that has no such permission. */
    notApplicable: string;
    /** Read (and shown as a legend) for a cell whose state differs from the defaults. */
    differsFromDefault: string;
    /** Legend under the table when defaults are given. */
    differsLegend: string;
  };
  twoFactor: TwoFactorMessages;
  copyField: {
    copy: string;
    /** Shown on the button and announced for a moment after copying. */
    copied: string;
    /** Shown when the clipboard is unavailable or refused (the text is selected instead). */
    failed: string;
  };
  settingSwitch: {
    /** Announced while a change is being saved. */
    busy: string;
  };
  breadcrumbs: {
    /** Accessible name of the breadcrumb navigation. */
    label: string;
  };
  folderTree: {
    /** Expand / collapse button of a folder, given its name. */
    expand: (name: string) => string;
    collapse: (name: string) => string;
    /** Read after a folder's count, e.g. （文書 3 件）. */
    count: (count: number) => string;
    loading: string;
  };
  sourceList: {
    /** Heading of the numbered sources. */
    heading: string;
    /** A page, e.g. 2 ページ. */
    page: (page: number) => string;
    /** The button that opens a source's passage, given its number and title. */
    open: (index: number, title: string) => string;
    openLabel: string;
    /** The button of a source with its own label (e.g. 顧客を開く), given its number and title. */
    openAs: (index: number, title: string, label: string) => string;
    /** A source whose document was deleted since. */
    deleted: string;
  };
  chatMessage: {
    question: string;
    answer: string;
  };
  barChart: {
    /** When there is nothing to draw. */
    empty: string;
    /** Column headers of the table read by screen readers. */
    item: string;
    value: string;
  };
  progressSteps: {
    /** Accessible name of the list of steps. */
    label: string;
    /** Read after a step's label. */
    running: string;
    done: string;
    skipped: string;
  };
  aiModeNotice: {
    /** Under an answer made from the tenant's data only. */
    offline: string;
    /** Under an answer made by a language model. */
    openai: string;
  };
  feedbackButtons: {
    /** Group name. */
    label: string;
    helpful: string;
    notHelpful: string;
    comment: string;
    commentPlaceholder: string;
    save: string;
    /** Shown once feedback is stored. */
    saved: (helpful: boolean) => string;
  };
  emptyValue: {
    /** Read (visually hidden) for a field with no value, in place of the dash. */
    label: string;
  };
};

/** Messages where every group, and every group's fields (and label maps' entries), may be left out. */
export type PartialMessages = {
  [Group in keyof Messages]?: {
    [Key in keyof Messages[Group]]?: Messages[Group][Key] extends (...args: never[]) => unknown
      ? Messages[Group][Key]
      : Messages[Group][Key] extends Record<string, unknown>
        ? Partial<Messages[Group][Key]>
        : Messages[Group][Key];
  };
};

/**
 * Overlays `overrides` on `base` one group deep (label maps such as `planLabels` merge key by key).
 * `base` may itself be partial (the overrides of an enclosing provider); the result is as complete
 * as `base`.
 */
export function mergeMessages<Base extends PartialMessages>(
  base: Base,
  overrides: PartialMessages | undefined,
): Base {
  if (!overrides) return base;
  const merged = { ...base } as Record<string, unknown>;
  for (const [group, fields] of Object.entries(overrides)) {
    if (fields) merged[group] = mergeGroup((merged[group] ?? {}) as Record<string, unknown>, fields);
  }
  return merged as Base;
}

/** One group of `mergeMessages`: the fields of `overrides` laid on `base`. */
export function mergeGroup<Group extends object>(base: Group, overrides: object | undefined): Group {
  if (!overrides) return base;
  const current = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const previous = current[key];
    current[key] =
      isPlainObject(previous) && isPlainObject(value) ? { ...previous, ...value } : (value as unknown);
  }
  return current as Group;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
