/**
 * The positive half of the robustness suite: requests the contract calls valid (valid-requests.ts,
 * generated the way a contract fuzzer generates them) must be accepted. An answer may still be a
 * documented business refusal — 404 for an id that names nothing, 409, 422 with a business code
 * (VAL_003: the input does not fit the stored data), 429 for the AI budget or a rate limit — but
 * never 400, 415 or 422 VAL_001: that would be the server enforcing more than the contract says,
 * and a client that follows the contract could not know. Every answer also passes the negative
 * half's checks (no 5xx, envelopes, headers, the contract). Reproducible: ROBUSTNESS_SEED fixes
 * the cases, VALID_RUNS their number (default 40); VALID_PRINT=1 prints every failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';
import { answerProblems } from './response-checks';
import {
  answerTo,
  document,
  implemented,
  isEventStream,
  knownIds,
  seedOf,
  switchEverythingOn,
} from './suite';
import { ValidRequests } from './valid-requests';

const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_261_127);
const RUNS = Number(process.env.VALID_RUNS ?? 40);

interface Envelope {
  error?: { code?: string; message?: string; validation_errors?: Array<{ field: string; message: string }> };
}

/** Why an answer refuses a valid request without a documented business reason, or null. */
function unexplainedRefusal(status: number, body: string): string | null {
  if (status < 400 || status >= 500) return null;
  let envelope: Envelope = {};
  try {
    envelope = JSON.parse(body) as Envelope;
  } catch {
    // Not JSON: reported below with the status alone.
  }
  const code = envelope.error?.code ?? '';
  // An id that names nothing (any more), a conflict with what is stored.
  if (status === 404 || status === 409) return null;
  // A business rule the contract documents by its code (an unsupported file, an empty report…).
  if (status === 422 && code !== '' && code !== 'VAL_001') return null;
  // The tenant's AI budget for the day, a rate limit (with Retry-After, checked by answerProblems).
  if (status === 429 && (code === 'AI_001' || code === 'RATE_001')) return null;
  const fields = (envelope.error?.validation_errors ?? [])
    .map((entry) => `${entry.field}: ${entry.message}`)
    .join('; ');
  return `${status} ${code} ${envelope.error?.message ?? body.slice(0, 120)}${fields ? ` (${fields})` : ''}`;
}

const totals = { operations: 0, cases: 0, refused: 0, statuses: new Map<number, number>() };

describe('robustness: requests the contract calls valid are accepted', () => {
  let server: TestServer;
  let requests: ValidRequests;
  const startedAt = Date.now();
  const context = { token: '', tenantId: DEMO_TENANTS.sakura.id, knownIds: [] as string[] };

  beforeAll(async () => {
    server = await createTestServer();
    await switchEverythingOn(server);
    const { access_token: token } = await server.signIn(DEMO_USERS.sakuraAdmin.email);
    context.knownIds = await knownIds(server, token);
    requests = new ValidRequests(document, context);
  });

  afterAll(async () => {
    const statuses = [...totals.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, times]) => `${status}×${times}`)
      .join(' ');
    console.log(
      `robustness (valid requests): ${totals.operations} operations, ${totals.cases} cases, ` +
        `${totals.refused} refused without a documented reason (seed ${SEED}, ` +
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${statuses})`,
    );
    await server?.close();
  });

  it.each(implemented.map((policy) => [policy.operationId, policy] as const))(
    '%s: valid requests are accepted or refused for a documented business reason',
    { timeout: 120_000 },
    async (operationId, policy) => {
      // Each operation on a fresh session and with every feature on: a valid request of the one
      // before may have ended its session (sign out everywhere) or switched a feature off.
      await switchEverythingOn(server);
      context.token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
      const cases = requests.forOperation(policy, RUNS, seedOf(SEED, operationId));
      const failures: string[] = [];
      for (const [index, request] of cases.entries()) {
        if (process.env.VALID_PRINT === '1')
          console.log(`→ #${index} ${request.method} ${request.url} ${request.payload}`);
        const answer = await Promise.race([
          answerTo(server, request, isEventStream(policy)),
          new Promise<never>((_resolve, reject) =>
            setTimeout(
              () =>
                reject(new Error(`no answer in 20 s: ${request.method} ${request.url} ${request.payload}`)),
              20_000,
            ).unref(),
          ),
        ]);
        totals.statuses.set(answer.status, (totals.statuses.get(answer.status) ?? 0) + 1);
        const problems = answerProblems(answer, { method: request.method, operationId }).map(
          (problem) => `${problem.kind}: ${problem.detail}`,
        );
        const refusal = unexplainedRefusal(answer.status, answer.body);
        if (refusal) problems.push(`valid request refused: ${refusal}`);
        if (problems.length > 0) {
          failures.push(
            `#${index} ${request.method} ${request.url.slice(0, 160)}\n  payload: ${request.payload?.slice(0, 240)}\n  ${problems.join('\n  ')}`,
          );
        }
        if (refusal) totals.refused += 1;
      }
      if (process.env.VALID_PRINT === '1' && failures.length > 0) console.log(failures.join('\n'));
      totals.operations += 1;
      totals.cases += cases.length;
      expect(
        failures.slice(0, 5),
        `${failures.length} of ${cases.length} valid requests of ${operationId} failed (reproduce with ROBUSTNESS_SEED=${SEED})`,
      ).toEqual([]);
    },
  );
});
