/**
 * The robustness suite: every implemented operation of the contract (the ones that do not
 * declare 501, as the access harness finds them) gets ROBUSTNESS_RUNS (default 200) requests
 * generated from its own schemas by fast-check (request-cases.ts), sent as a signed-in admin of
 * a seeded tenant so that validation and the handlers are really reached. Every answer must pass
 * response-checks.ts. Reproducible: ROBUSTNESS_SEED fixes the cases (printed on failure).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/platform/access/features';
import { setFeatureSwitch } from '../../src/platform/access/features.repository';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { loadOpenApiDocument, operationPolicies } from '../../src/platform/http/openapi';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';
import { type CaseContext, operationShape, type RequestCase, RequestCases } from './request-cases';
import { type Answer, answerProblems, type Problem, type ProblemKind } from './response-checks';

const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_261_122);
const RUNS = Number(process.env.ROBUSTNESS_RUNS ?? 200);
const CONCURRENCY = 4;

const document = loadOpenApiDocument();
const implemented = [...operationPolicies(document).values()].filter((policy) => !policy.planned);

/** Operations whose 200 is a never-ending `text/event-stream` (the live notification count). */
const eventStreams = new Set(
  implemented
    .filter((policy) => {
      const operation = document.paths[policy.path]?.[policy.method.toLowerCase()] as {
        responses?: Record<string, { content?: Record<string, unknown> }>;
      };
      return Object.hasOwn(operation.responses?.['200']?.content ?? {}, 'text/event-stream');
    })
    .map((policy) => policy.operationId),
);

/** Each operation its own stream of cases: adding an operation changes no other's. */
function seedOf(operationId: string): number {
  let hash = SEED | 0;
  for (const character of operationId) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

interface Failure {
  operationId: string;
  index: number;
  request: RequestCase;
  status: number;
  problems: Problem[];
}

const totals = {
  operations: 0,
  cases: 0,
  answered: new Map<number, number>(),
  problems: new Map<ProblemKind, number>(),
};

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

/** Record ids of the tenant, from what its list operations answer (no operation named). */
function harvestIds(value: unknown, found: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if ((key === 'id' || key.endsWith('_id')) && /^[0-9a-f-]{36}$/.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) harvestIds(item, found, key);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) harvestIds(item, found, name);
  }
}

describe('robustness: generated requests against every implemented operation', () => {
  let server: TestServer;
  let cases: RequestCases;
  const startedAt = Date.now();

  beforeAll(async () => {
    server = await createTestServer();
    const owner = server.database.owner;
    // Every feature on, so that the operations behind a feature flag are reached too.
    await withTenant(owner, DEMO_TENANTS.sakura.id, async (tx) => {
      for (const feature of FEATURES) await setFeatureSwitch(tx, feature, true);
    });
    const { access_token: token } = await server.signIn(DEMO_USERS.sakuraAdmin.email);
    const ids = new Set<string>();
    for (const policy of implemented) {
      if (policy.method !== 'GET' || policy.path.includes('{') || eventStreams.has(policy.operationId))
        continue;
      const response = await server.get(policy.path, { token });
      if (response.headers['content-type']?.toString().startsWith('application/json')) {
        harvestIds(response.json(), ids);
      }
    }
    // Never the caller's own session (revoking it would end the run's sign-in) nor a tenant.
    const current = await server.get('/api/sessions/current', { token });
    ids.delete(current.json<{ session_id: string }>().session_id);
    ids.delete(DEMO_TENANTS.sakura.id);
    ids.delete(DEMO_TENANTS.midori.id);
    const context: CaseContext = {
      token,
      tenantId: DEMO_TENANTS.sakura.id,
      otherTenantId: DEMO_TENANTS.midori.id,
      knownIds: [...ids].sort(),
    };
    cases = new RequestCases(document, context);
  });

  afterAll(async () => {
    const count = (kind: ProblemKind) => totals.problems.get(kind) ?? 0;
    const statuses = [...totals.answered.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, times]) => `${status}×${times}`)
      .join(' ');
    console.log(
      `robustness: ${totals.operations} operations, ${totals.cases} cases, ${count('server error')} responses ≥ 500, ` +
        `${count('schema')} schema violations, ${count('envelope')} envelope violations, ` +
        `${count('headers')} header violations (seed ${SEED}, ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${statuses})`,
    );
    await server?.close();
  });

  /**
   * One request as the test sends it. An event stream that opens is read up to its first message
   * and let go (the server ends it at shutdown, or when the user opens too many).
   */
  async function send(request: RequestCase, eventStream: boolean): Promise<Answer> {
    const options = {
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    };
    if (!eventStream) {
      const response: LightMyRequestResponse = await server.app.inject(options);
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

  it('covers every implemented operation of the contract', () => {
    expect(implemented.length).toBeGreaterThanOrEqual(21);
  });

  it.each(implemented.map((policy) => [policy.operationId, policy] as const))(
    '%s: no 5xx, envelopes, headers and the contract on every answer',
    { timeout: 120_000 },
    async (operationId, policy) => {
      const shape = operationShape(document, policy);
      const requests = cases.forOperation(shape, RUNS, seedOf(operationId));
      const failures: Failure[] = [];
      await pool(requests, CONCURRENCY, async (request, index) => {
        const response = await send(request, eventStreams.has(operationId));
        totals.answered.set(response.status, (totals.answered.get(response.status) ?? 0) + 1);
        const problems = answerProblems(response, {
          method: request.method,
          operationId: request.offRoute ? null : operationId,
        });
        if (!request.offRoute && response.status === 501) {
          problems.push({ kind: 'server error', detail: 'an implemented operation answered 501' });
        }
        for (const problem of problems) {
          totals.problems.set(problem.kind, (totals.problems.get(problem.kind) ?? 0) + 1);
        }
        if (problems.length > 0)
          failures.push({ operationId, index, request, status: response.status, problems });
      });
      totals.operations += 1;
      totals.cases += requests.length;
      expect(requests.length).toBe(RUNS);
      const report = failures
        .sort((a, b) => a.index - b.index)
        .slice(0, 5)
        .map(
          (failure) =>
            `#${failure.index} ${failure.request.method} ${failure.request.url.slice(0, 200)} → ${failure.status}\n` +
            `  mutations: ${failure.request.mutations.join(' | ')}\n` +
            `  headers: ${JSON.stringify(failure.request.headers).slice(0, 300)}\n` +
            `  payload: ${failure.request.payload?.slice(0, 300)}\n` +
            failure.problems.map((problem) => `  ${problem.kind}: ${problem.detail}`).join('\n'),
        );
      expect(
        report,
        `${failures.length} of ${RUNS} answers of ${operationId} failed (reproduce with ROBUSTNESS_SEED=${SEED})`,
      ).toEqual([]);
    },
  );
});
