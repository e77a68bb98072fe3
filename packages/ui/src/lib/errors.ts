import type { Messages } from '../i18n/messages';

/** Severity as the API writes it (`ErrorEnvelope.error.severity`). */
export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';

export type ValidationErrorEntry = { field: string; message: string };

/**
 * The error the display components show. Its fields are those of the API's error envelope
 * (`ErrorEnvelope.error`), so an `ApiError.body.error` from @tsumiki/api-client fits as it is.
 * Only `code`, `severity` and `message` are needed for client-built errors.
 */
export type DisplayError = {
  code: string;
  /** authentication, validation, database, file_operation, external_service, business_logic, system, network. */
  category?: string | null;
  severity: ErrorSeverity;
  message: string;
  suggestion?: string | null;
  /** ISO 8601. */
  timestamp?: string | null;
  context?: Record<string, unknown> | null;
  request_id?: string | null;
  path?: string | null;
  validation_errors?: readonly ValidationErrorEntry[] | null;
};

/** SPEC section 8: only these codes offer a retry. */
export const RETRYABLE_ERROR_CODES: readonly string[] = [
  'NET_001',
  'NET_002',
  'SYS_003',
  'SYS_004',
  'EXT_001',
  'EXT_002',
  'FILE_002',
  'FILE_005',
];

export function isRetryableError(error: Pick<DisplayError, 'code'>): boolean {
  return RETRYABLE_ERROR_CODES.includes(error.code);
}

/** The tone a snackbar uses: LOW → info, MEDIUM → warning, HIGH and CRITICAL → error. */
export type ErrorTone = 'info' | 'warning' | 'error';

export function errorTone(severity: ErrorSeverity): ErrorTone {
  if (severity === 'low') return 'info';
  if (severity === 'medium') return 'warning';
  return 'error';
}

/** High and critical errors offer contact with support. */
export function offersSupportContact(error: Pick<DisplayError, 'severity'>): boolean {
  return error.severity === 'high' || error.severity === 'critical';
}

export function isAuthenticationError(error: Pick<DisplayError, 'category'>): boolean {
  return error.category === 'authentication';
}

/** A modal (rather than a snackbar) is for HIGH, CRITICAL and authentication errors. */
export function needsErrorModal(error: Pick<DisplayError, 'severity' | 'category'>): boolean {
  return error.severity === 'high' || error.severity === 'critical' || isAuthenticationError(error);
}

export type ErrorModalKind = 'authentication' | 'critical' | 'system' | 'generic';

/** 認証エラー for authentication, 重大なエラー for critical, システムエラー for high, else エラー. */
export function errorModalKind(error: Pick<DisplayError, 'severity' | 'category'>): ErrorModalKind {
  if (isAuthenticationError(error)) return 'authentication';
  if (error.severity === 'critical') return 'critical';
  if (error.severity === 'high') return 'system';
  return 'generic';
}

/** How long a snackbar stays before hiding by itself: LOW 5000 ms, others until dismissed. */
export const LOW_SEVERITY_AUTO_HIDE_MS = 5000;

/**
 * SPEC section 5: each entry as the field's Japanese label, a colon and the message, one per
 * line; an unknown field keeps its own name; an empty list gives the generic message.
 */
export function formatValidationErrors(
  errors: readonly ValidationErrorEntry[],
  fieldLabels: Record<string, string>,
  genericMessage: string,
): string[] {
  if (errors.length === 0) return [genericMessage];
  return errors.map(({ field, message }) => `${fieldLabels[field] ?? field}: ${message}`);
}

/** A `mailto:` draft to support: subject システムエラー報告, body with code, message and request id. */
export function supportMailtoHref(
  email: string,
  error: Pick<DisplayError, 'code' | 'message' | 'request_id'> | null,
  mail: Messages['errors']['supportMail'],
): string {
  const body = error
    ? mail.body({ code: error.code, message: error.message, requestId: error.request_id ?? null })
    : mail.genericBody;
  return mailtoHref(email, mail.subject, body);
}

export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${encodeURI(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
