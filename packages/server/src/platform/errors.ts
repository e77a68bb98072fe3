/**
 * Typed domain errors. Each code has one entry in the catalogue (./error-catalogue.ts, documented
 * in packages/server/ERRORS.md); the HTTP layer turns any AppError into the error envelope in one
 * place (src/platform/http/error-handler.ts). Domain code throws these and knows nothing else of HTTP.
 */

import {
  type CatalogueEntry,
  ERROR_CATALOGUE,
  type ErrorCategory,
  type ErrorCode,
  type ErrorSeverity,
} from './error-catalogue';

export {
  type CatalogueEntry,
  ERROR_CATALOGUE,
  type ErrorCategory,
  type ErrorCode,
  type ErrorSeverity,
} from './error-catalogue';

export interface ValidationIssue {
  field: string;
  message: string;
}

export interface AppErrorOptions {
  /** Replaces the catalogue message when the situation deserves a more precise one. */
  message?: string;
  context?: Record<string, unknown>;
  cause?: unknown;
  suggestion?: string;
  /** Overrides the catalogue status, e.g. 413/415 for VAL_002. */
  status?: number;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly category: ErrorCategory;
  readonly severity: ErrorSeverity;
  readonly suggestion: string | null;
  readonly context: Record<string, unknown> | null;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[code];
    super(
      options.message ?? entry.message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.code = code;
    this.status = options.status ?? entry.status;
    this.category = entry.category;
    this.severity = entry.severity;
    this.suggestion = options.suggestion ?? entry.suggestion;
    this.context = options.context ?? null;
  }
}

export class AuthenticationRequiredError extends AppError {
  constructor(message?: string) {
    super('AUTH_001', message === undefined ? {} : { message });
  }
}

export class AccessTokenExpiredError extends AppError {
  constructor() {
    super('AUTH_002');
  }
}

export class NotTenantUserError extends AppError {
  constructor() {
    super('AUTH_003');
  }
}

export class PermissionDeniedError extends AppError {
  constructor(permission: string) {
    super('AUTH_004', { context: { permission } });
  }
}

export class TenantNotAccessibleError extends AppError {
  constructor(tenantId: string | null, message?: string) {
    super('AUTH_005', { context: { tenant_id: tenantId }, ...(message === undefined ? {} : { message }) });
  }
}

export class FeatureDisabledError extends AppError {
  constructor(feature: string) {
    super('FEAT_001', { context: { feature } });
  }
}

export class NotFoundError extends AppError {
  constructor(resource: string, wording: { message?: string; suggestion?: string } = {}) {
    super('RES_001', { context: { resource }, ...wording });
  }
}

/** A unique constraint refused the write (PostgreSQL 23505). */
export class DuplicateError extends AppError {
  constructor(constraint: string | null, cause?: unknown) {
    super('RES_002', { context: { constraint }, cause });
  }
}

/**
 * Input refused, item by item (`validation_errors`): VAL_001 when it breaks the contract's schema,
 * VAL_003 when its shape is right but it does not fit the stored data (see the catalogue).
 */
export class ValidationFailedError extends AppError {
  constructor(
    readonly issues: ValidationIssue[],
    code: 'VAL_001' | 'VAL_003' = 'VAL_001',
  ) {
    super(code);
  }
}

/** VAL_003: the input's shape is the contract's, but it does not fit what is stored. */
export class InputMismatchError extends ValidationFailedError {
  constructor(issues: ValidationIssue[]) {
    super(issues, 'VAL_003');
  }
}

/** What to tell about a request that could not be read, by the status that answers it. */
const MALFORMED_REQUEST_WORDING: Record<number, { message: string; suggestion: string }> = {
  405: {
    message: 'この URL ではこのメソッドは使えません。',
    suggestion: '応答の Allow ヘッダーにあるメソッドで呼んでください。',
  },
  408: {
    message: 'リクエストの受信が時間内に終わりませんでした。',
    suggestion: '通信環境を確認してから、もう一度お試しください。',
  },
  413: {
    message: '送信したデータが大きすぎます。',
    suggestion: 'データを小さく分けてから、もう一度お試しください。',
  },
  414: {
    message: 'URL が長すぎます。',
    suggestion: '検索条件を短くしてから、もう一度お試しください。',
  },
  415: {
    message: 'この形式のデータは受け付けていません。',
    suggestion: 'この操作が受け付ける形式（Content-Type）で送信してください。',
  },
  431: {
    message: 'リクエストのヘッダーまたは URL が長すぎます。',
    suggestion: '検索条件を短くするか、ページを再読み込みしてから、もう一度お試しください。',
  },
};

/** A request that could not be read: malformed URL or body, unsupported Content-Type, too large. */
export class MalformedRequestError extends AppError {
  constructor(status: number, cause?: unknown) {
    super('VAL_002', { status, cause, ...MALFORMED_REQUEST_WORDING[status] });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('RATE_001', { context: { retry_after_seconds: retryAfterSeconds } });
  }
}

export class InternalError extends AppError {
  constructor(cause?: unknown) {
    super('SYS_001', { cause });
  }
}

export class DatabaseUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super('SYS_003', { cause });
  }
}

export class NotImplementedError extends AppError {
  constructor(operationId: string) {
    super('SYS_005', { context: { operation: operationId } });
  }
}
