import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { AUTH_MESSAGES, AuthServiceError } from '../../auth/errors';
import { isDatabaseUnavailable } from '../db/database';
import {
  AppError,
  DatabaseUnavailableError,
  DuplicateError,
  InputMismatchError,
  InternalError,
  MalformedRequestError,
  NotFoundError,
  TooManyRequestsError,
  ValidationFailedError,
} from '../errors';
import { TENANT_HEADER } from './openapi';
import { API_PREFIX, AUTH_PREFIX, isUnder, pathOf } from './prefixes';
import { type HeaderSet, headersOutsideHooks } from './response-headers';
import { toValidationIssues } from './validation-messages';

/** Parameter names Fastify lower-cases, as the contract spells them. */
const DECLARED_NAMES = new Map([[TENANT_HEADER.toLowerCase(), TENANT_HEADER]]);

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
      return new InputMismatchError([
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
    // A problem with the whole body (`[]` where an object is expected) is named after the body.
    const whole = fastifyError.validationContext ?? 'body';
    return new ValidationFailedError(
      toValidationIssues(fastifyError.validation, DECLARED_NAMES).map((issue) =>
        issue.field === '' ? { ...issue, field: whole } : issue,
      ),
    );
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
export function errorEnvelope(error: AppError, request: { id: string; url: string }) {
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
      path: pathOf(request.url),
      ...(error instanceof ValidationFailedError ? { validation_errors: error.issues } : {}),
    },
  };
}

/** Errors of /auth/v1 in the Supabase Auth shape that @supabase/auth-js parses. */
function toAuthServiceError(error: unknown): AuthServiceError {
  if (error instanceof AuthServiceError) return error;
  // An AppError thrown by a hook every path shares (a request without Host, …).
  const status = error instanceof AppError ? error.status : (error as Partial<FastifyError>).statusCode;
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

/**
 * A failure of the server is logged at error level with its stack (which the client never
 * gets). What a client can cause at will is not a failure: input and access errors, and the 501
 * of a planned operation, are logged at info, without a stack, so that no one can fill the log.
 */
function logError(appError: AppError, error: unknown, request: FastifyRequest) {
  if (appError.status >= 500 && appError.code !== 'SYS_005') {
    request.log.error({ err: error, code: appError.code }, appError.message);
  } else {
    request.log.info({ code: appError.code, status: appError.status }, appError.message);
  }
}

function sendEnvelope(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  logError(appError, error, request);
  // A 429 says when to come back (@fastify/rate-limit sets it for its own; a handler's budget too).
  const retryAfter = appError.context?.retry_after_seconds;
  if (appError.status === 429 && typeof retryAfter === 'number' && !reply.hasHeader('retry-after')) {
    reply.header('Retry-After', String(retryAfter));
  }
  return reply.code(appError.status).send(errorEnvelope(appError, request));
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AuthServiceError || isUnder(pathOf(request.url), AUTH_PREFIX)) {
    return sendAuthError(error, request, reply);
  }
  return sendEnvelope(error, request, reply);
}

/**
 * Fastify's `frameworkErrors`: a URL whose escapes do not decode (400) or with a path parameter
 * over the router's length limit (414). Fastify answers these before any hook, so the headers of
 * every response are set here.
 */
export function answerFrameworkError(
  securityHeaders: HeaderSet,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => {
    reply.headers(headersOutsideHooks(securityHeaders, request.id));
    sendError(error, request, reply);
  };
}

/** `GET /api/x?… HTTP/1.1` at the start of what was received → `/api/x`. */
function requestLinePath(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '/';
  const line = rawPacket.subarray(0, 8192).toString('latin1').split('\r\n')[0] ?? '';
  const target = line.split(' ')[1] ?? '';
  return target.startsWith('/') ? pathOf(target) : '/';
}

function authErrorBody(status: number) {
  return { code: status, error_code: 'validation_failed', msg: AUTH_MESSAGES.malformedRequest };
}

/**
 * An answer written on the socket by hand, for a request Fastify has no request object for:
 * the envelope (GoTrue's shape under /auth/v1) with the headers of every response.
 */
function answerOnSocket(
  socket: Socket,
  securityHeaders: HeaderSet,
  log: FastifyBaseLogger,
  failure: { status: number; path: string; reason: string | undefined },
): void {
  const id = randomUUID();
  const appError = new MalformedRequestError(failure.status);
  log.info(
    { reqId: id, code: appError.code, status: failure.status, reason: failure.reason },
    appError.message,
  );
  const body = JSON.stringify(
    isUnder(failure.path, AUTH_PREFIX)
      ? authErrorBody(failure.status)
      : errorEnvelope(appError, { id, url: failure.path }),
  );
  const headers = {
    ...headersOutsideHooks(securityHeaders, id),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(
      `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
    );
  }
}

/**
 * Fastify's `clientErrorHandler`: Node could not read the request (headers or URL over its size
 * limit: 431, a timeout: 408, anything else unparsable: 400).
 */
export function answerClientError(
  securityHeaders: HeaderSet,
): (this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => void {
  return function (this: FastifyInstance, error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    answerOnSocket(socket, securityHeaders, this.log, {
      status,
      path: requestLinePath(error.rawPacket),
      reason: error.code,
    });
    socket.destroy(error);
  };
}

export interface ErrorHandlingOptions {
  /** Answers a GET for a client-side route (the SPA's index.html); null when no app is served. */
  spaFallback: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
  /** The headers of every response, for the answers given outside Fastify's hooks. */
  securityHeaders: HeaderSet;
}

/** The one place where thrown errors become responses. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler(sendError);

  // Node answers an HTTP/1.1 request without Host with a bare 400 (requireHostHeader, which
  // app.ts turns off); here it is refused through the hooks, as every other error.
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new MalformedRequestError(400);
    }
  });
  // Node hands CONNECT (a proxy tunnel) to this event and, without a listener, closes the
  // connection without a word.
  app.server.on('connect', (request: IncomingMessage, socket: Socket) => {
    answerOnSocket(socket, options.securityHeaders, app.log, {
      status: 400,
      path: pathOf(request.url ?? '/'),
      reason: 'CONNECT',
    });
    socket.destroy();
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request.url);
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
