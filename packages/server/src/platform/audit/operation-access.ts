import { type AccessAction, contractEnums } from '@tsumiki/api-client';
import type { AccessEntry } from './access-log';

/**
 * The contract's `x-access-log` of one operation: what a successful call of it writes to the
 * access log. Values are read from the call by path: `path.<name>`, `query.<name>`,
 * `body.<name>` (the request's JSON body), `response.<name>` (the JSON answer) or
 * `logged.<name>` (what the handler tells the log beside its answer: a download's customer).
 *
 * ```yaml
 * x-access-log:
 *   action: customer.read
 *   target: customer          # the kind of record acted on
 *   id: path.id               # its id
 *   customer: path.id         # the customer it concerns
 *   detail: [query.encoding]  # small facts kept with the row (the name after the dot is the key)
 *   fields: true              # the names (never the values) of the body's fields: what changed
 * ```
 */
export interface OperationAccess {
  action: AccessAction;
  target: string | null;
  id: string | null;
  customer: string | null;
  detail: string[];
  fields: boolean;
}

/** Whether an action records a read of personal data (ACCESS_LOG_READS governs these only). */
export function isReadAction(action: AccessAction): boolean {
  return /\.(read|download|preview)$/.test(action);
}

/** What the route layer knows of a call once its handler has answered. */
export interface OperationCall {
  params: unknown;
  query: unknown;
  body: unknown;
  response: unknown;
  /** The handler's `logged` facts (OperationResult), for answers that are not JSON. */
  logged?: unknown;
}

const SOURCES = ['path', 'query', 'body', 'response', 'logged'] as const;
const ACTIONS = new Set<string>(contractEnums.AccessAction);

function assertPath(operationId: string, key: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !SOURCES.some((source) => value.startsWith(`${source}.`))) {
    throw new Error(
      `openapi.yaml: ${operationId} の x-access-log.${key} は path. / query. / body. / response. / logged. で始めてください`,
    );
  }
  return value;
}

/** Reads and checks an operation's `x-access-log` (null when it has none). */
export function parseOperationAccess(operationId: string, raw: unknown): OperationAccess | null {
  if (raw === undefined) return null;
  const spec = raw as Record<string, unknown>;
  if (typeof spec.action !== 'string' || !ACTIONS.has(spec.action)) {
    throw new Error(`openapi.yaml: ${operationId} の x-access-log.action が AccessAction にありません`);
  }
  const detail = spec.detail ?? [];
  if (!Array.isArray(detail))
    throw new Error(`openapi.yaml: ${operationId} の x-access-log.detail は配列です`);
  return {
    action: spec.action as AccessAction,
    target: typeof spec.target === 'string' ? spec.target : null,
    id: assertPath(operationId, 'id', spec.id),
    customer: assertPath(operationId, 'customer', spec.customer),
    detail: detail.map((path, index) => assertPath(operationId, `detail[${index}]`, path) as string),
    fields: spec.fields === true,
  };
}

function read(call: OperationCall, path: string): unknown {
  const [source, ...keys] = path.split('.');
  let value: unknown =
    source === 'path'
      ? call.params
      : source === 'query'
        ? call.query
        : source === 'body'
          ? call.body
          : source === 'logged'
            ? call.logged
            : call.response;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The access-log row of one successful call, as its operation's `x-access-log` describes it. */
export function accessEntryFor(access: OperationAccess, call: OperationCall): AccessEntry {
  const id = access.id ? text(read(call, access.id)) : null;
  const customer = access.customer ? text(read(call, access.customer)) : null;
  const detail: Record<string, unknown> = {};
  for (const path of access.detail) {
    const value = read(call, path);
    if (value !== undefined && value !== null) detail[path.split('.').at(-1)!] = value;
  }
  if (access.fields && typeof call.body === 'object' && call.body !== null && !Array.isArray(call.body)) {
    detail.fields = Object.keys(call.body).filter((key) => key !== 'version');
  }
  return {
    action: access.action,
    target: access.target ? { type: access.target, id } : null,
    customerId: customer && UUID.test(customer) ? customer : null,
    detail,
  };
}
