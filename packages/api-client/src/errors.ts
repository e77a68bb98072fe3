import type { components } from './generated/schema';

/** The server's error envelope body (`ErrorEnvelope.error`), used as is. */
export type ApiErrorBody = components['schemas']['ErrorEnvelope']['error'];
export type ErrorSeverity = components['schemas']['ErrorSeverity'];
export type ErrorCategory = components['schemas']['ErrorCategory'];
export type ValidationErrorEntry = components['schemas']['ValidationErrorEntry'];

/** Japanese messages of the errors the client builds itself (SPEC section 8). */
export const clientErrorMessages = {
  NETWORK_ERROR: 'ネットワークエラーが発生しました。接続を確認してください。',
  TIMEOUT_ERROR: 'リクエストがタイムアウトしました。しばらくしてから再度お試しください。',
  OFFLINE_ERROR: 'オフラインです。インターネット接続を確認してください。',
  UNKNOWN_ERROR: '予期しないエラーが発生しました。',
  PERMISSION_DENIED: 'この操作を実行する権限がありません。',
  FILE_TOO_LARGE: 'ファイルサイズが大きすぎます。',
  INVALID_FILE_TYPE: 'サポートされていないファイル形式です。',
} as const;

export type ClientErrorKind = keyof typeof clientErrorMessages;

const CLIENT_SUGGESTION = 'もう一度お試しください。解決しない場合はサポートにお問い合わせください。';

/**
 * Every failed call becomes an ApiError. `body` is the server's envelope as is; errors
 * the client builds itself have a `CLIENT_` code, medium severity and the network category.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.status = status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }
  get category(): ErrorCategory {
    return this.body.category;
  }
  get severity(): ErrorSeverity {
    return this.body.severity;
  }
  get requestId(): string {
    return this.body.request_id;
  }
  get validationErrors(): ValidationErrorEntry[] {
    return this.body.validation_errors ?? [];
  }
  /** True when no response arrived (network, timeout, offline). */
  get isClientError(): boolean {
    return this.body.code.startsWith('CLIENT_');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function createClientError(
  kind: ClientErrorKind,
  details: { path?: string; status?: number; cause?: unknown; context?: Record<string, unknown> } = {},
): ApiError {
  return new ApiError(
    details.status ?? 0,
    {
      code: `CLIENT_${kind}`,
      category: 'network',
      severity: 'medium',
      message: clientErrorMessages[kind],
      suggestion: CLIENT_SUGGESTION,
      timestamp: new Date().toISOString(),
      context: details.context ?? null,
      request_id: 'N/A',
      path: details.path ?? '',
    },
    { cause: details.cause },
  );
}

function isEnvelope(value: unknown): value is { error: ApiErrorBody } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const body = (value as { error: unknown }).error;
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiErrorBody).code === 'string' &&
    typeof (body as ApiErrorBody).message === 'string'
  );
}

/** Builds the ApiError for a non-2xx response whose body has already been parsed. */
export function errorFromResponse(response: Response, parsedBody: unknown): ApiError {
  const path = safePath(response.url);
  if (isEnvelope(parsedBody)) return new ApiError(response.status, parsedBody.error);
  // Not the server's envelope (a proxy page, an opaque redirect): describe it ourselves.
  return new ApiError(response.status, {
    code:
      response.status === 0 || (response.status >= 300 && response.status < 400)
        ? 'CLIENT_REDIRECT'
        : 'CLIENT_HTTP_ERROR',
    category: 'network',
    severity: 'medium',
    message:
      response.status === 403 ? clientErrorMessages.PERMISSION_DENIED : clientErrorMessages.UNKNOWN_ERROR,
    suggestion: CLIENT_SUGGESTION,
    timestamp: new Date().toISOString(),
    context: { status: response.status },
    request_id: response.headers.get('x-request-id') ?? 'N/A',
    path,
  });
}

/** Maps a thrown fetch failure to TIMEOUT_ERROR, OFFLINE_ERROR or NETWORK_ERROR. */
export function errorFromException(cause: unknown, path: string): ApiError {
  if (cause instanceof ApiError) return cause;
  const name = cause instanceof Error ? cause.name : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  if (name === 'AbortError' || name === 'TimeoutError' || /timeout/i.test(message)) {
    return createClientError('TIMEOUT_ERROR', { path, cause });
  }
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return createClientError(offline ? 'OFFLINE_ERROR' : 'NETWORK_ERROR', {
    path,
    cause,
    context: { type: 'network', online: !offline, timestamp: new Date().toISOString() },
  });
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
