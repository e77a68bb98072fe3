import { aiModeNoticeMessages } from './groups/ai-mode-notice';
import { barChartMessages } from './groups/bar-chart';
import { breadcrumbsMessages } from './groups/breadcrumbs';
import { buttonMessages } from './groups/button';
import { chatMessageMessages } from './groups/chat-message';
import { commonMessages } from './groups/common';
import { copyFieldMessages } from './groups/copy-field';
import { crashMessages } from './groups/crash';
import { dataTableMessages } from './groups/data-table';
import { dateFieldMessages } from './groups/date-field';
import { emptyValueMessages } from './groups/empty-value';
import { errorsMessages } from './groups/errors';
import { feedbackButtonsMessages } from './groups/feedback-buttons';
import { fileDropzoneMessages } from './groups/file-dropzone';
import { folderTreeMessages } from './groups/folder-tree';
import { layoutMessages } from './groups/layout';
import { linkMessages } from './groups/link';
import { networkMessages } from './groups/network';
import { notificationsMessages } from './groups/notifications';
import { paginationMessages } from './groups/pagination';
import { passwordFieldMessages } from './groups/password-field';
import { permissionMatrixMessages } from './groups/permission-matrix';
import { progressMessages } from './groups/progress';
import { progressStepsMessages } from './groups/progress-steps';
import { searchInputMessages } from './groups/search-input';
import { selectMessages } from './groups/select';
import { sessionMessages } from './groups/session';
import { settingSwitchMessages } from './groups/setting-switch';
import { sidebarMessages } from './groups/sidebar';
import { sourceListMessages } from './groups/source-list';
import { spinnerMessages } from './groups/spinner';
import { tagInputMessages } from './groups/tag-input';
import { textFieldMessages } from './groups/text-field';
import { textareaMessages } from './groups/textarea';
import { toastMessages } from './groups/toast';
import { topBarMessages } from './groups/top-bar';
import { twoFactorMessages } from './groups/two-factor';
import type { Messages } from './messages';

/** Every group's defaults (for `useMessages()` and for consumers that want them all). */
export const defaultMessages: Messages = {
  button: buttonMessages,
  spinner: spinnerMessages,
  textField: textFieldMessages,
  passwordField: passwordFieldMessages,
  sidebar: sidebarMessages,
  topBar: topBarMessages,
  layout: layoutMessages,
  common: commonMessages,
  link: linkMessages,
  progress: progressMessages,
  select: selectMessages,
  textarea: textareaMessages,
  searchInput: searchInputMessages,
  tagInput: tagInputMessages,
  dateField: dateFieldMessages,
  fileDropzone: fileDropzoneMessages,
  pagination: paginationMessages,
  dataTable: dataTableMessages,
  toast: toastMessages,
  session: sessionMessages,
  notifications: notificationsMessages,
  errors: errorsMessages,
  network: networkMessages,
  crash: crashMessages,
  permissionMatrix: permissionMatrixMessages,
  copyField: copyFieldMessages,
  twoFactor: twoFactorMessages,
  settingSwitch: settingSwitchMessages,
  breadcrumbs: breadcrumbsMessages,
  folderTree: folderTreeMessages,
  sourceList: sourceListMessages,
  chatMessage: chatMessageMessages,
  feedbackButtons: feedbackButtonsMessages,
  progressSteps: progressStepsMessages,
  barChart: barChartMessages,
  aiModeNotice: aiModeNoticeMessages,
  emptyValue: emptyValueMessages,
};
