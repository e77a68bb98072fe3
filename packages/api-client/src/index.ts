export { type ApiClient, type ApiClientOptions, createApiClient, unwrap } from './client';
export {
  type DownloadedFile,
  defaultDownloadNames,
  downloadFile,
  filenameFromContentDisposition,
} from './download';
export {
  ApiError,
  type ApiErrorBody,
  type ClientErrorKind,
  clientErrorMessages,
  createClientError,
  type ErrorCategory,
  type ErrorSeverity,
  errorFromException,
  errorFromResponse,
  isApiError,
  type ValidationErrorEntry,
} from './errors';
export type { components, operations, paths } from './generated/schema';
export type { CurrentUser, Customer, FeatureFlags, Interaction, TenantInfo } from './models';
export { normalizeRequestUrl } from './url';
export { fieldLabels, formatValidationErrors, GENERIC_VALIDATION_MESSAGE } from './validation';
