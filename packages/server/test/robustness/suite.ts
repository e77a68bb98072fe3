/**
 * What the two generated suites share: the operations they cover, their reproducible seeds, the
 * tenant's record ids to aim at, and how one generated request is sent and its answer read.
 */
import { decodeJwt } from 'jose';
import { FEATURES } from '../../src/platform/access/features';
import { setFeatureSwitch } from '../../src/platform/access/features.repository';
import { withTenant } from '../../src/platform/db/tenant-scope';
import {
  loadOpenApiDocument,
  type OperationPolicy,
  operationPolicies,
} from '../../src/platform/http/openapi';
import { DEMO_TENANTS } from '../../src/seed/demo';
import type { TestServer } from '../support/server';
import type { RequestCase } from './request-cases';
import type { Answer } from './response-checks';

export const document = loadOpenApiDocument();

/** Every operation that does not declare 501, as the access harness finds them. */
export const implemented = [...operationPolicies(document).values()].filter((policy) => !policy.planned);

/** Whether the operation's 200 is a never-ending `text/event-stream` (the live notification count). */
export function isEventStream(policy: OperationPolicy): boolean {
  const operation = document.paths[policy.path]?.[policy.method.toLowerCase()] as {
    responses?: Record<string, { content?: Record<string, unknown> }>;
  };
  return Object.hasOwn(operation.responses?.['200']?.content ?? {}, 'text/event-stream');
}

/** Each operation its own stream of cases: adding an operation changes no other's. */
export function seedOf(seed: number, operationId: string): number {
  let hash = seed | 0;
  for (const character of operationId) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/** Every feature of the demo tenant on, so that the operations behind a feature are reached too. */
export function switchEverythingOn(server: TestServer): Promise<void> {
  return withTenant(server.database.owner, DEMO_TENANTS.sakura.id, async (tx) => {
    for (const feature of FEATURES) await setFeatureSwitch(tx, feature, true);
  });
}

function harvestIds(value: unknown, found: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if ((key === 'id' || key.endsWith('_id')) && /^[0-9a-f-]{36}$/.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) harvestIds(item, found, key);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) harvestIds(item, found, name);
  }
}

/**
 * Record ids of the tenant, from what its list operations answer (no operation named): never the
 * caller's own session (revoking it would end the run's sign-in), nor the caller's own user (a
 * valid change of one's own role or permissions, allowed while another admin keeps the tenant's
 * administration, would refuse the rest of the run's requests; which ids a seeded pick lands on
 * shifts with the random ids of the demo data), nor a tenant. Changing oneself is tested on its
 * own (tenant-users tests: MEM_001, MEM_002, MEM_004).
 */
export async function knownIds(server: TestServer, token: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const policy of implemented) {
    if (policy.method !== 'GET' || policy.path.includes('{') || isEventStream(policy)) continue;
    const response = await server.get(policy.path, { token });
    if (response.headers['content-type']?.toString().startsWith('application/json')) {
      harvestIds(response.json(), ids);
    }
  }
  const current = await server.get('/api/sessions/current', { token });
  ids.delete(current.json<{ session_id: string }>().session_id);
  const { sub } = decodeJwt(token);
  if (sub) ids.delete(sub);
  for (const tenant of Object.values(DEMO_TENANTS)) ids.delete(tenant.id);
  return [...ids].sort();
}

/**
 * One generated request as it is sent. An event stream that opens is read up to its first
 * message and let go (the server ends it at shutdown, or when the user opens too many).
 */
export async function answerTo(
  server: TestServer,
  request: RequestCase,
  eventStream: boolean,
): Promise<Answer> {
  const options = {
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  if (!eventStream) {
    const response = await server.app.inject(options);
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }
  const response = await server.app.inject({ ...options, payloadAsStream: true });
  let body = '';
  for await (const chunk of response.stream()) {
    body += String(chunk);
    if (response.statusCode === 200 && body.includes('\n\n')) break;
  }
  return { status: response.statusCode, headers: response.headers, body };
}
