import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, AuthServiceError } from '../../auth/errors';
import { isDatabaseUnavailable } from '../db/database';
import {
  AppError,
  DatabaseUnavailableError,
  DuplicateError,
  InternalError,
  MalformedRequestError,
  NotFoundError,
  TooManyRequestsError,
  ValidationFailedError,
} from '../errors';
import { TENANT_HEADER } from './openapi';
import { toValidationIssues } from './validation-messages';

export const AUTH_PREFIX = '/auth/v1';
export const API_PREFIX = '/api';

/** Parameter names Fastify lower-cases, as the contract spells them. */
const DECLARED_NAMES = new Map([[TENANT_HEADER.toLowerCase(), TENANT_HEADER]]);

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

interface PostgresError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  column?: unknown;
  table?: unknown;
}

/**
 * `customers_assignee_user_id_fkey` on `customers` → `assignee_user_id`. Constraints are named
 * `<table>_<field>_<kind>` (PostgreSQL's own convention), and under row-level security the
 * error carries no DETAIL with the key, so the name is what tells the field.
 */
function constraintField(constraint: unknown, table: unknown): string | null {
  if (typeof constraint !== 'string' || typeof table !== 'string') return null;
  const match = new RegExp(`^${table}_(.+)_(fkey|check|key)$`).exec(constraint);
  return match?.[1] ?? null;
}

/** `Key (tenant_id, assignee_user_id)=(…)` → `assignee_user_id`: the field the person chose. */
function keyField(detail: unknown): string | null {
  const columns = typeof detail === 'string' ? /Key \(([^)]*)\)/.exec(detail)?.[1] : undefined;
  const chosen = columns
    ?.split(',')
    .map((column) => column.trim())
    .filter((column) => column !== 'tenant_id');
  return chosen?.length ? chosen.join('.') : null;
}

/**
 * Integrity errors of PostgreSQL as the contract's envelopes: a duplicate is a conflict (409),
 * a reference to something that does not exist or a broken rule is an input error (422), a
 * record still referenced cannot go (409). Never a 500.
 */
function fromPostgres(error: unknown): AppError | null {
  const { code, constraint, detail, column, table } = error as PostgresError;
  if (typeof code !== 'string' || !/^23/.test(code)) return null;
  const name = typeof constraint === 'string' ? constraint : null;
  switch (code) {
    case '23505':
      return new DuplicateError(name, error);
    case '23503':
      if (typeof detail === 'string' && detail.includes('still referenced')) {
        return new AppError('RES_002', {
          message: 'ほかのデータから参照されているため、この操作はできません。',
          suggestion: '参照しているデータを先に変更してください。',
          context: { constraint: name },
          cause: error,
        });
      }
      return new ValidationFailedError([
        {
          field: keyField(detail) ?? constraintField(constraint, table) ?? name ?? 'id',
          message: '存在しないデータが指定されています',
        },
      ]);
    default:
      return new ValidationFailedError([
        {
          field:
            typeof column === 'string'
              ? column
              : (keyField(detail) ?? constraintField(constraint, table) ?? name ?? 'body'),
          message: '入力内容が正しくありません',
        },
      ]);
  }
}

/** Whatever was thrown, as one of our typed errors. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const integrity = fromPostgres(error);
  if (integrity) return integrity;
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    return new ValidationFailedError(toValidationIssues(fastifyError.validation, DECLARED_NAMES));
  }
  if (isDatabaseUnavailable(error)) return new DatabaseUnavailableError(error);
  const status = fastifyError.statusCode;
  if (status === 404) return new NotFoundError('route');
  if (status === 429) return new TooManyRequestsError(60);
  // Fastify's own 4xx: unparsable JSON, wrong content type, body too large, …
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new MalformedRequestError(status, error);
  return new InternalError(error);
}

/** The error envelope of the contract (components/schemas/ErrorEnvelope). */
export function errorEnvelope(error: AppError, request: FastifyRequest) {
  return {
    error: {
      code: error.code,
      category: error.category,
      severity: error.severity,
      message: error.message,
      suggestion: error.suggestion,
      timestamp: new Date().toISOString(),
      context: error.context,
      request_id: request.id,
      path: pathOf(request),
      ...(error instanceof ValidationFailedError ? { validation_errors: error.issues } : {}),
    },
  };
}

/** Errors of /auth/v1 in the Supabase Auth shape that @supabase/auth-js parses. */
function toAuthServiceError(error: unknown): AuthServiceError {
  if (error instanceof AuthServiceError) return error;
  const status = (error as Partial<FastifyError>).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AuthServiceError(
      status,
      status === 404 ? 'not_found' : 'validation_failed',
      AUTH_MESSAGES.malformedRequest,
    );
  }
  return new AuthServiceError(500, 'unexpected_failure', AUTH_MESSAGES.unexpected);
}

function sendAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const authError = toAuthServiceError(error);
  if (authError.status >= 500) request.log.error({ err: error }, 'auth service failure');
  return reply
    .code(authError.status)
    .send({ code: authError.status, error_code: authError.errorCode, msg: authError.message });
}

function sendEnvelope(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    // The stack goes to the log only; the client gets the catalogue message and the request id.
    request.log.error({ err: error, code: appError.code }, appError.message);
  } else {
    request.log.info({ code: appError.code, status: appError.status }, appError.message);
  }
  return reply.code(appError.status).send(errorEnvelope(appError, request));
}

export interface ErrorHandlingOptions {
  /** Answers a GET for a client-side route (the SPA's index.html); null when no app is served. */
  spaFallback: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
}

/** The one place where thrown errors become responses. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AuthServiceError || isUnder(pathOf(request), AUTH_PREFIX)) {
      return sendAuthError(error, request, reply);
    }
    return sendEnvelope(error, request, reply);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    if (isUnder(path, AUTH_PREFIX)) throw new AuthServiceError(404, 'not_found', AUTH_MESSAGES.notFound);
    if (isUnder(path, API_PREFIX)) {
      throw new NotFoundError('route', {
        message: '指定された API が見つかりません。',
        suggestion: 'URL を確認してください。',
      });
    }
    const lastSegment = path.split('/').pop() ?? '';
    // Client-side routes get the SPA; a missing file (it has an extension) stays a 404.
    if (
      options.spaFallback &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !lastSegment.includes('.')
    ) {
      return options.spaFallback(request, reply);
    }
    throw new NotFoundError('route', {
      message: 'ページが見つかりません。',
      suggestion: 'URL を確認してください。',
    });
  });
}
