export * from './components/account-chips';
export * from './components/ai-mode-notice';
export * from './components/alert';
export * from './components/app-layout';
export * from './components/app-sidebar';
export * from './components/avatar';
export * from './components/badge';
export * from './components/bar-chart';
export * from './components/breadcrumbs';
export * from './components/button';
export * from './components/card';
export * from './components/chat-message';
export * from './components/checkbox';
export * from './components/chip';
export * from './components/confirm-dialog';
export * from './components/copy-field';
export * from './components/crash-screen';
export * from './components/data-table';
export * from './components/date-field';
export * from './components/dialog';
export * from './components/drawer';
export * from './components/dropdown-menu';
export * from './components/empty-state';
export * from './components/empty-value';
export * from './components/error-modal';
export * from './components/error-snackbar';
export * from './components/feedback-buttons';
export * from './components/file-dropzone';
export * from './components/folder-tree';
export * from './components/highlighted-text';
export * from './components/icon-button';
export * from './components/link';
export * from './components/notification-bell';
export * from './components/notification-list';
export * from './components/offline-banner';
export * from './components/page-header';
export * from './components/pagination';
export * from './components/password-field';
export * from './components/permission-matrix';
export * from './components/popover';
export * from './components/progress';
export * from './components/progress-steps';
export * from './components/search-input';
export * from './components/select';
export * from './components/session-indicator';
export * from './components/setting-switch';
export * from './components/skeleton';
export * from './components/slow-connection-notice';
export * from './components/source-list';
export * from './components/spinner';
export * from './components/switch';
export * from './components/tabs';
export * from './components/tag-input';
export * from './components/text-field';
export * from './components/textarea';
export * from './components/toast';
export * from './components/tooltip';
export * from './components/top-bar';
export * from './components/tsumiki-brand';
export * from './components/two-factor';
export * from './components/update-banner';
export * from './i18n';
export { cn } from './lib/cn';
export {
  type DateFormatOptions,
  type DateInput,
  formatDate,
  formatDateTime,
  formatJapaneseDate,
  type WallClock,
  wallClock,
} from './lib/date';
export { formatWareki, isoDateToSlashes, parseDateInput } from './lib/date-input';
export { formatRelativeTime, type RelativeTimeOptions } from './lib/date-relative';
export {
  type DisplayError,
  type ErrorModalKind,
  type ErrorSeverity,
  type ErrorTone,
  errorModalKind,
  errorTone,
  formatValidationErrors,
  isAuthenticationError,
  isRetryableError,
  LOW_SEVERITY_AUTO_HIDE_MS,
  needsErrorModal,
  offersSupportContact,
  RETRYABLE_ERROR_CODES,
  type ValidationErrorEntry,
} from './lib/errors';
export {
  type FileErrorCode,
  type FileRules,
  formatFileSize,
  isAcceptedFileType,
  validateFile,
} from './lib/file';
export { isImeComposing, isSubmitEnter, onImeSafeEnter } from './lib/ime';
export { foldKana, matchesSearch, normalizeSearchText } from './lib/normalize';
export {
  SESSION_EXTENSIONS_MINUTES,
  SESSION_LENGTH_MINUTES,
  SESSION_REFRESH_MINUTES,
  SESSION_WARNING_MINUTES,
  type SessionSecurityEvent,
  type SessionStatus,
  type SessionTone,
  sessionProgress,
  sessionTone,
} from './lib/session';
