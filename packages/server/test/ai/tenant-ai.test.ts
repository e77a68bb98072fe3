/**
 * The AI provider as a tenant uses it (tenantAi): the daily token budget per tenant (its own limit
 * or the server default, its own day), usage recorded as the server reports it, and provider
 * failures as EXT_001 / EXT_002 — against the local OpenAI-protocol stand-in and a real database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiConfigFromEnv } from '../../src/platform/ai/config';
import { createAiProvider } from '../../src/platform/ai/create-provider';
import { isAiFailure, tenantAi } from '../../src/platform/ai/tenant-ai';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { AppError } from '../../src/platform/errors';
import { DEMO_TENANTS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type OpenAiStandIn, startOpenAiStandIn } from '../support/openai-stand-in';

const SAKURA = DEMO_TENANTS.sakura.id;
const MIDORI = DEMO_TENANTS.midori.id;

describe('tenantAi', () => {
  let database: TestDatabase;
  let standIn: OpenAiStandIn;
  const provider = (overrides: Record<string, string> = {}) =>
    createAiProvider(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseUrl,
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_TIMEOUT_MS: '300',
        AI_MAX_RETRIES: '0',
        ...overrides,
      }),
    );
  const inTenant =
    (tenantId: string) =>
    <T>(work: Parameters<typeof withTenant<T>>[2]) =>
      withTenant(database.db, tenantId, work);
  const usage = async (tenantId: string) => {
    const { rows } = await sql<{ calls: number; tokens: string }>`
      select calls, prompt_tokens + completion_tokens as tokens from ai_usage where tenant_id = ${tenantId}`.execute(
      database.owner,
    );
    return rows.map((row) => ({ calls: row.calls, tokens: Number(row.tokens) }));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    standIn = await startOpenAiStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });
  beforeEach(async () => {
    standIn.requests.length = 0;
    standIn.answer = () => '今月の対応は 8 件です。';
    await sql`delete from ai_usage`.execute(database.owner);
    await sql`update tenants set ai_daily_token_limit = null`.execute(database.owner);
  });

  it('is offline without a chat model', () => {
    expect(tenantAi(createAiProvider(aiConfigFromEnv({})), inTenant(SAKURA))).toEqual({
      mode: 'offline',
      chat: null,
    });
  });

  it('records the tokens the server reports, per tenant and day, streamed or not', async () => {
    const chat = tenantAi(provider(), inTenant(SAKURA)).chat!;
    expect(await chat.complete([{ role: 'user', content: '今月の対応件数は？' }])).toBe(
      '今月の対応は 8 件です。',
    );
    let streamed = '';
    for await (const event of chat.run([{ role: 'user', content: '今月の対応件数は？' }])) {
      if (event.type === 'text') streamed += event.text;
    }
    expect(streamed).toBe('今月の対応は 8 件です。');
    const [row] = await usage(SAKURA);
    // The stand-in counts two characters a token, the question's and the answer's, for both calls.
    expect(row).toEqual({
      calls: 2,
      tokens:
        2 * (Math.ceil('今月の対応件数は？'.length / 2) + Math.ceil('今月の対応は 8 件です。'.length / 2)),
    });
    expect(await usage(MIDORI)).toEqual([]);
    const { rows } = await sql<{ day: string; today: string }>`
      select u.day::text as day, (now() at time zone t.time_zone)::date::text as today
      from ai_usage u join tenants t on t.id = u.tenant_id where u.tenant_id = ${SAKURA}`.execute(
      database.owner,
    );
    expect(rows[0]?.day).toBe(rows[0]?.today);
  });

  it('refuses with AI_001 once the day is spent, without calling the provider; other tenants go on', async () => {
    await sql`update tenants set ai_daily_token_limit = 10 where id = ${SAKURA}`.execute(database.owner);
    const chat = tenantAi(provider(), inTenant(SAKURA)).chat!;
    await chat.complete([{ role: 'user', content: '今月の対応件数は？' }]);
    const refused = await chat
      .complete([{ role: 'user', content: 'もう一度' }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'AI_001', status: 429, context: { limit_tokens: 10 } });
    expect(isAiFailure(refused)).toBe(true);
    expect(standIn.chatRequests()).toHaveLength(1);
    // The server default (AI_TENANT_DAILY_TOKENS) for a tenant without its own limit.
    const midori = tenantAi(provider({ AI_TENANT_DAILY_TOKENS: '0' }), inTenant(MIDORI)).chat!;
    await expect(midori.complete([{ role: 'user', content: '質問' }])).rejects.toMatchObject({
      code: 'AI_001',
    });
    expect(
      await tenantAi(provider(), inTenant(MIDORI)).chat!.complete([{ role: 'user', content: '質問' }]),
    ).toBe('今月の対応は 8 件です。');
  });

  it('answers EXT_002 when the provider errs and EXT_001 when it does not answer in time', async () => {
    const chat = tenantAi(provider(), inTenant(SAKURA)).chat!;
    standIn.failNext(1, { kind: 'status', status: 500 });
    await expect(chat.complete([{ role: 'user', content: '質問' }])).rejects.toMatchObject({
      code: 'EXT_002',
      status: 502,
    });
    standIn.failNext(1, { kind: 'timeout' });
    const reading = (async () => {
      for await (const _event of chat.run([{ role: 'user', content: '質問' }])) {
        // nothing arrives
      }
    })();
    await expect(reading).rejects.toMatchObject({ code: 'EXT_001', status: 503 });
  });

  it('takes an empty answer for a wrong one (EXT_002)', async () => {
    standIn.answer = () => '   ';
    await expect(
      tenantAi(provider(), inTenant(SAKURA)).chat!.complete([{ role: 'user', content: '質問' }]),
    ).rejects.toMatchObject({ code: 'EXT_002' });
  });
});
