/**
 * The robustness suite: every implemented operation of the contract (the ones that do not
 * declare 501, as the access harness finds them) gets ROBUSTNESS_RUNS (default 200) requests
 * generated from its own schemas by fast-check (request-cases.ts), sent as a signed-in admin of
 * a seeded tenant so that validation and the handlers are really reached. Every answer must pass
 * response-checks.ts. Reproducible: ROBUSTNESS_SEED fixes the cases (printed on failure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';
import { type CaseContext, operationShape, type RequestCase, RequestCases } from './request-cases';
import { answerProblems, type Problem, type ProblemKind } from './response-checks';
import {
  answerTo,
  document,
  implemented,
  isEventStream,
  knownIds,
  seedOf,
  switchEverythingOn,
} from './suite';

const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_261_122);
const RUNS = Number(process.env.ROBUSTNESS_RUNS ?? 200);
const CONCURRENCY = 4;

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

describe('robustness: generated requests against every implemented operation', () => {
  let server: TestServer;
  let cases: RequestCases;
  const startedAt = Date.now();

  beforeAll(async () => {
    server = await createTestServer();
    await switchEverythingOn(server);
    const { access_token: token } = await server.signIn(DEMO_USERS.sakuraAdmin.email);
    const context: CaseContext = {
      token,
      tenantId: DEMO_TENANTS.sakura.id,
      otherTenantId: DEMO_TENANTS.midori.id,
      knownIds: await knownIds(server, token),
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

  it('covers every implemented operation of the contract', () => {
    expect(implemented.length).toBeGreaterThanOrEqual(21);
  });

  it.each(implemented.map((policy) => [policy.operationId, policy] as const))(
    '%s: no 5xx, envelopes, headers and the contract on every answer',
    { timeout: 120_000 },
    async (operationId, policy) => {
      const shape = operationShape(document, policy);
      const requests = cases.forOperation(shape, RUNS, seedOf(SEED, operationId));
      const failures: Failure[] = [];
      await pool(requests, CONCURRENCY, async (request, index) => {
        const response = await answerTo(server, request, isEventStream(policy));
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
