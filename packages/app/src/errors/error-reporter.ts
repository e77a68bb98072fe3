import { loadAuth } from '../session/load-auth';
import { newErrorId } from './capture';
import {
  browserContext,
  buildReport,
  type CaptureDetails,
  type ClientErrorReport,
  type ReporterIdentity,
} from './classify';
import { ErrorHistory, FREQUENT_MIN_COUNT, fingerprintOf } from './error-history';
import { ErrorQueue, type QueuedReport } from './error-queue';
import {
  batchBody,
  bodyBytes,
  type FetchLike,
  KEEPALIVE_MAX_BYTES,
  postReports,
  type SendAuth,
  type SendOutcome,
  splitBatches,
} from './error-sender';
import { watchPageLoad } from './page-load';

/** SPEC section 7 and 9: the queue is flushed every 5 minutes (and on unload; critical at once). */
export const FLUSH_INTERVAL_MS = 5 * 60_000;
/**
 * After a failed send (429, 5xx, no response) the reporter waits 5 s, doubling, at most 5 minutes,
 * and then tries again by itself; the connection coming back starts the count afresh.
 */
export const BACKOFF_BASE_MS = 5000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** The same error more often than this within 5 minutes (a render loop) is recorded, not queued. */
export const BURST_LIMIT = 10;

/** The signed-in user as the auth client knows them, with the token to send. */
export interface AuthSnapshot {
  token: string | null;
  userId: string | null;
}

export interface ReporterDeps {
  queue: ErrorQueue;
  history: ErrorHistory;
  fetch?: FetchLike;
  /** The current session (refreshed if needed). */
  getAuth: () => Promise<AuthSnapshot>;
  isOnline?: () => boolean;
  now?: () => number;
  context?: () => Record<string, unknown>;
}

export type Reporter = ReturnType<typeof createErrorReporter>;

/** Classifies, records, queues and sends client errors (SPEC sections 3, 7, 8 and 9). */
export function createErrorReporter(deps: ReporterDeps) {
  const { queue, history } = deps;
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => navigator.onLine);
  const inFlight = new Set<string>();
  let failures = 0;
  let blockedUntil = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let auth: AuthSnapshot = { token: null, userId: null };

  function backOff(outcome: Extract<SendOutcome, { kind: 'later' }>) {
    failures += 1;
    const delay = outcome.retryAfterMs ?? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
    blockedUntil = now() + delay;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, delay);
  }

  /** Sends these reports; what the server accepted leaves the queue. False: stop for now. */
  async function send(
    items: QueuedReport[],
    sendAuth: SendAuth,
    options: { keepalive?: boolean; single?: boolean } = {},
  ): Promise<boolean> {
    const ids = items.map((item) => item.submission.error.id);
    for (const id of ids) inFlight.add(id);
    let outcome: SendOutcome;
    try {
      outcome = await postReports(
        items.map((item) => item.submission),
        sendAuth,
        { ...options, fetch: deps.fetch },
      );
    } finally {
      for (const id of ids) inFlight.delete(id);
    }
    switch (outcome.kind) {
      case 'accepted':
        failures = 0;
        blockedUntil = 0;
        queue.remove(ids);
        return true;
      case 'unauthorized':
        // An expired token or a tenant no longer ours: the reports still go, anonymously.
        if (sendAuth.token) return send(items, { token: null, tenantId: null }, options);
        backOff({ kind: 'later', status: outcome.status, retryAfterMs: null });
        return false;
      case 'too-large':
      case 'rejected': {
        if (items.length === 1) {
          // Never acceptable: keeping it would block the queue for good.
          queue.remove(ids);
          return true;
        }
        const half = Math.ceil(items.length / 2);
        return (
          (await send(items.slice(0, half), sendAuth, options)) && send(items.slice(half), sendAuth, options)
        );
      }
      case 'later':
        backOff(outcome);
        return false;
    }
  }

  function groups(items: QueuedReport[], current: AuthSnapshot): { auth: SendAuth; items: QueuedReport[] }[] {
    const byKey = new Map<string, { auth: SendAuth; items: QueuedReport[] }>();
    for (const item of items) {
      // Attributed only to the user who is signed in now; anything else (signed out then, or
      // another user) goes anonymous.
      const mine =
        current.token !== null &&
        item.submission.reportedBy != null &&
        item.submission.reportedBy === current.userId;
      const sendAuth: SendAuth = mine
        ? { token: current.token, tenantId: item.tenantId }
        : { token: null, tenantId: null };
      const key = mine ? `user:${item.tenantId ?? ''}` : 'anonymous';
      const group = byKey.get(key) ?? { auth: sendAuth, items: [] };
      group.items.push(item);
      byKey.set(key, group);
    }
    return [...byKey.values()];
  }

  function ready(force: boolean): boolean {
    return isOnline() && (force || now() >= blockedUntil);
  }

  async function refreshAuth(): Promise<AuthSnapshot> {
    try {
      auth = await deps.getAuth();
    } catch {
      // The auth client could not load: send anonymously with what we had.
    }
    return auth;
  }

  /** Sends the queue as batches; stops at the first failure (and waits). */
  async function flush(options: { force?: boolean } = {}): Promise<void> {
    if (!ready(options.force === true)) return;
    const current = await refreshAuth();
    const waiting = queue.list().filter((item) => !inFlight.has(item.submission.error.id));
    for (const group of groups(waiting, current)) {
      const bySubmission = new Map(group.items.map((item) => [item.submission, item]));
      for (const batch of splitBatches(group.items.map((item) => item.submission))) {
        const items = batch.map((submission) => bySubmission.get(submission) as QueuedReport);
        if (!(await send(items, group.auth))) return;
      }
    }
  }

  /**
   * The page is being hidden or unloaded: send what fits in one keepalive budget, starting now
   * (no await before the requests leave). What is not confirmed stays for the next visit; the
   * server counts a report id once.
   */
  function flushOnExit(): void {
    if (!ready(false)) return;
    const waiting = queue.list().filter((item) => !inFlight.has(item.submission.error.id));
    let budget = KEEPALIVE_MAX_BYTES;
    for (const group of groups(waiting, auth)) {
      const [first] = splitBatches(
        group.items.map((item) => item.submission),
        budget,
      );
      const bytes = first ? bodyBytes(batchBody(first)) : 0;
      if (!first || bytes > budget) continue;
      budget -= bytes;
      const items = group.items.filter((item) => first.includes(item.submission));
      void send(items, group.auth, { keepalive: true });
    }
  }

  /** Records, queues and (when critical) sends at once what was caught. */
  function report(
    error: unknown,
    details: CaptureDetails & { id: string },
    identity: ReporterIdentity | null,
    at = now(),
  ): ClientErrorReport {
    const context = { ...(deps.context?.() ?? browserContext()), timestamp: new Date(at).toISOString() };
    const built = buildReport(error, details, context);
    history.record(built, at);
    const fingerprint = fingerprintOf(built);
    const recent = history.countWithin(fingerprint, undefined, at + 1);
    if (recent >= FREQUENT_MIN_COUNT && !built.tags?.includes('frequent')) {
      built.tags = [...(built.tags ?? []), 'frequent'].slice(0, 20);
      built.metadata = { ...built.metadata, occurrencesIn5Minutes: recent };
    }
    if (recent > BURST_LIMIT) return built;
    const item: QueuedReport = {
      submission: {
        error: built,
        reportedAt: new Date(at).toISOString(),
        reportedBy: identity?.userId ?? null,
      },
      tenantId: identity?.tenantId ?? null,
    };
    queue.add(item);
    if (built.severity === 'critical' && ready(false)) {
      void refreshAuth().then((current) => {
        const [group] = groups([item], current);
        if (group && queue.list().some((queued) => queued.submission.error.id === built.id)) {
          void send(group.items, group.auth, { single: true });
        }
      });
    }
    return built;
  }

  /** The connection is back: whatever the last failures were, send now. */
  function backOnline(): Promise<void> {
    failures = 0;
    return flush({ force: true });
  }

  return {
    report,
    flush,
    backOnline,
    flushOnExit,
    stats: () => history.stats(),
    /** For the pagehide path, which cannot wait for the session. */
    setAuth(next: AuthSnapshot) {
      auth = next;
    },
    /** Milliseconds until sending is tried again (0 when not waiting). */
    backoffRemaining: () => Math.max(0, blockedUntil - now()),
  };
}

let instance: Reporter | null = null;
let identity: ReporterIdentity | null = null;

async function sessionAuth(): Promise<AuthSnapshot> {
  const { authClient } = await loadAuth();
  const session = (await authClient.getSession()).data.session;
  return { token: session?.access_token ?? null, userId: session?.user.id ?? null };
}

/** The page's reporter: flushes every 5 minutes, when back online and when the page is left. */
export function startReporter(initialIdentity: ReporterIdentity | null): Reporter {
  identity = initialIdentity;
  if (instance) return instance;
  const reporter = createErrorReporter({
    queue: new ErrorQueue(),
    history: new ErrorHistory(),
    getAuth: sessionAuth,
  });
  instance = reporter;
  setInterval(() => void reporter.flush(), FLUSH_INTERVAL_MS);
  addEventListener('online', () => void reporter.backOnline());
  addEventListener('pagehide', () => reporter.flushOnExit());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flushOnExit();
  });
  void loadAuth().then(
    ({ authClient }) =>
      authClient.onAuthStateChange((_event, session) =>
        reporter.setAuth({ token: session?.access_token ?? null, userId: session?.user.id ?? null }),
      ),
    () => undefined,
  );
  // What earlier visits left in the queue.
  void reporter.flush();
  watchPageLoad((error, metadata) =>
    reporter.report(error, { id: newErrorId(), kind: 'performance', metadata }, identity),
  );
  return reporter;
}

export function report(
  error: unknown,
  details: CaptureDetails & { id?: string },
  reportedBy: ReporterIdentity | null,
  at?: number,
): void {
  const reporter = instance ?? startReporter(identity);
  reporter.report(error, { ...details, id: details.id ?? newErrorId() }, reportedBy, at);
}

export function setIdentity(next: ReporterIdentity | null): void {
  identity = next;
}

/** The history's stats (last 10, top 5 frequent) of this page. */
export function errorStats() {
  return instance?.stats() ?? null;
}
