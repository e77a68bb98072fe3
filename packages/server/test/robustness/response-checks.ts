/**
 * What every answer of /api and /auth/v1 must be, whatever was asked: never a 5xx; the security
 * headers, `Cache-Control: no-store` and the request id; an error is the contract's envelope with
 * a Japanese message and the request id; a 2xx is what the contract declares for its status.
 */
import { declaredResponse, envelopeErrors } from '../support/contract';

/**
 * Set by helmet on every response (their values are checked in errors.test.ts). HSTS is not among
 * them: it goes over HTTPS only, and these requests are plain HTTP.
 */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

export type ProblemKind = 'server error' | 'schema' | 'envelope' | 'headers';

export interface Problem {
  kind: ProblemKind;
  detail: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name];
  return value === undefined ? undefined : String(value);
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

/** The GoTrue error shape of /auth/v1 (ERRORS.md), which @supabase/auth-js reads. */
function authErrorProblems(value: unknown): string[] {
  const { code, error_code: errorCode, msg } = (value ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof code !== 'number' || typeof errorCode !== 'string' || typeof msg !== 'string') {
    problems.push(`not the auth error shape: ${JSON.stringify(value).slice(0, 200)}`);
  } else if (!JAPANESE.test(msg)) {
    problems.push(`message not in Japanese: ${msg}`);
  }
  return problems;
}

function envelopeProblems(value: unknown, requestId: string | undefined): string[] {
  const errors = envelopeErrors(value);
  if (errors.length > 0) return [`not the envelope: ${JSON.stringify(errors).slice(0, 300)}`];
  const { error } = value as {
    error: { message: string; request_id: string; validation_errors?: Array<{ message: string }> };
  };
  const problems: string[] = [];
  if (!JAPANESE.test(error.message)) problems.push(`message not in Japanese: ${error.message}`);
  if (error.request_id !== requestId) {
    problems.push(`request_id ${error.request_id} is not X-Request-Id ${requestId}`);
  }
  for (const issue of error.validation_errors ?? []) {
    if (!JAPANESE.test(issue.message)) problems.push(`validation message not in Japanese: ${issue.message}`);
  }
  return problems;
}

export interface AnswerExpectation {
  /** HEAD: no body to look at. */
  method: string;
  /** The operation the request was for, when it reached that operation's route. */
  operationId: string | null;
  /** /auth/v1 answers errors in its own (GoTrue) shape. */
  auth?: boolean;
}

export function answerProblems(answer: Answer, expectation: AnswerExpectation): Problem[] {
  const problems: Problem[] = [];
  const add = (kind: ProblemKind, detail: string) => problems.push({ kind, detail });

  if (answer.status >= 500) add('server error', `status ${answer.status}: ${answer.body.slice(0, 300)}`);

  const requestId = header(answer, 'x-request-id');
  if (!requestId || !UUID.test(requestId)) add('headers', `X-Request-Id ${requestId}`);
  if (header(answer, 'cache-control') !== 'no-store') {
    add('headers', `Cache-Control ${header(answer, 'cache-control')}`);
  }
  const missing = SECURITY_HEADERS.filter((name) => header(answer, name) === undefined);
  if (missing.length > 0) add('headers', `missing ${missing.join(', ')}`);

  if (expectation.method === 'HEAD') return problems;

  if (answer.status >= 400) {
    if (!/^application\/json/.test(header(answer, 'content-type') ?? '')) {
      add('envelope', `Content-Type ${header(answer, 'content-type')}`);
    }
    const parsed = parseJson(answer.body);
    if (!parsed.ok) {
      add('envelope', `not JSON: ${answer.body.slice(0, 200)}`);
      return problems;
    }
    const found = expectation.auth
      ? authErrorProblems(parsed.value)
      : envelopeProblems(parsed.value, requestId);
    for (const detail of found) add('envelope', detail);
    return problems;
  }

  if (answer.status >= 200 && answer.status < 300 && expectation.operationId) {
    const declared = declaredResponse(expectation.operationId, answer.status);
    if (!declared || declared.key !== String(answer.status)) {
      add('schema', `status ${answer.status} is not declared`);
      return problems;
    }
    if (declared.content.size === 0) {
      if (answer.body !== '') add('schema', `a body where none is declared: ${answer.body.slice(0, 100)}`);
      return problems;
    }
    const contentType = (header(answer, 'content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!declared.content.has(contentType)) {
      add('schema', `Content-Type ${contentType} is not one of ${[...declared.content.keys()].join(', ')}`);
      return problems;
    }
    const validate = declared.content.get(contentType);
    if (contentType === 'application/json' && validate) {
      const parsed = parseJson(answer.body);
      if (!parsed.ok) add('schema', `not JSON: ${answer.body.slice(0, 200)}`);
      else if (!validate(parsed.value)) {
        add('schema', `${JSON.stringify(validate.errors).slice(0, 400)} in ${answer.body.slice(0, 200)}`);
      }
    }
  }
  return problems;
}
