/**
 * 「佐藤さんの最近の対応は？」 through HTTP on the demo tenant, offline and with the OpenAI stand-in:
 * the surname wins over 有限会社佐藤工務店 (where 木村 明美 works), namesakes are asked about and
 * nobody's interactions shown, a company asked for on purpose answers for its people, and a staff
 * member is never taken as a customer. Both modes go through the same resolution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;

type Source = { type: string; id: string | null; title: string; excerpt: string | null; url: string | null };
type Reply = { content: string; mode: string; sources: Source[] };

async function customerId(server: TestServer, last: string, first: string): Promise<string> {
  const row = await withTenant(server.database.owner, SAKURA, (tx) =>
    tx
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', SAKURA)
      .where('last_name', '=', last)
      .where('first_name', '=', first)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** The latest interactions of these customers, newest first, by SQL of its own. */
async function latestInteractions(
  server: TestServer,
  customerIds: string[],
  limit: number,
): Promise<string[]> {
  const rows = await withTenant(server.database.owner, SAKURA, (tx) =>
    tx
      .selectFrom('interactions')
      .select('id')
      .where('tenant_id', '=', SAKURA)
      .where('customer_id', 'in', customerIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  );
  return rows.map((row) => row.id);
}

/** A second 佐藤 (a namesake of the demo's 佐藤 彩), with one interaction. */
async function addNamesake(server: TestServer): Promise<string> {
  return withTenant(server.database.owner, SAKURA, async (tx) => {
    const { id } = await tx
      .insertInto('customers')
      .values({
        tenant_id: SAKURA,
        last_name: '佐藤',
        first_name: '健一',
        last_name_kana: 'サトウ',
        first_name_kana: 'ケンイチ',
        company_name: '株式会社青葉商事',
        company_name_kana: 'アオバショウジ',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('interactions')
      .values({ tenant_id: SAKURA, customer_id: id, type: 'call', content: '健康診断の日程の相談。' })
      .execute();
    return id;
  });
}

const interactionIds = (reply: Reply) =>
  reply.sources.filter((source) => source.type === 'interaction').map((source) => source.id);

describe('who 「佐藤さん」 is, offline', () => {
  let server: TestServer;
  let admin: string;
  let aya: string;
  let akemi: string;

  const ask = async (message: string, path = '/api/aiassistant/', extra: object = {}) => {
    const response = await server.send('POST', path, admin, { message, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as Reply;
    expectMatchesContract(path === '/api/chat' ? 'sendChatMessage' : 'askAssistant', 200, reply);
    expect(reply.mode).toBe('offline');
    return reply;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    aya = await customerId(server, '佐藤', '彩');
    akemi = await customerId(server, '木村', '明美');
  });

  afterAll(async () => {
    await server.close();
  });

  it.each([['/api/aiassistant/'], ['/api/chat']])(
    '%s: 佐藤さん is 佐藤 彩, not 木村 明美 of 有限会社佐藤工務店',
    async (path) => {
      const reply = await ask('佐藤さんの最近の対応は？', path);
      expect(reply.sources[0]).toMatchObject({ type: 'customer', id: aya, title: '佐藤 彩' });
      expect(interactionIds(reply)).toEqual(await latestInteractions(server, [aya], 5));
      expect(reply.content).toContain(`[佐藤 彩](/customers/${aya}) さんの最近の対応`);
      expect(reply.content).not.toContain('木村 明美');
      expect(reply.sources.map((source) => source.id)).not.toContain(akemi);
    },
  );

  it('finds the same person by reading, half-width kana and full name', async () => {
    for (const question of [
      'さとうさんの最近の対応は？',
      'ｻﾄｳ様の対応履歴',
      '佐藤 彩さんの対応は？',
      '佐藤彩さんの対応は？',
    ]) {
      const reply = await ask(question);
      expect(reply.sources[0], question).toMatchObject({ type: 'customer', id: aya });
      expect(interactionIds(reply), question).toEqual(await latestInteractions(server, [aya], 5));
    }
  });

  it('answers a company asked for on purpose: 佐藤工務店の木村さん, and 佐藤工務店 itself', async () => {
    const kimura = await ask('佐藤工務店の木村さんの最近の対応は？');
    expect(kimura.sources[0]).toMatchObject({ type: 'customer', id: akemi, title: '木村 明美' });
    expect(interactionIds(kimura)).toEqual(await latestInteractions(server, [akemi], 5));

    const makoto = await customerId(server, '吉田', '誠');
    const company = await ask('佐藤工務店の対応は？');
    expect(company.content).toContain('有限会社佐藤工務店 の顧客（2 名:');
    expect(interactionIds(company)).toEqual(await latestInteractions(server, [akemi, makoto], 10));
    expect(company.sources.map((source) => source.id)).not.toContain(aya);
  });

  it('asks which 木村 among three, with links and what tells them apart, and shows no interactions', async () => {
    const reply = await ask('木村さんの最近の対応は？');
    expect(reply.content).toContain('木村さんは 3 人登録されています。どちらの方ですか？');
    expect(reply.content).toContain(`[木村 明美](/customers/${akemi})（キムラ アケミ、有限会社佐藤工務店、`);
    expect(interactionIds(reply)).toEqual([]);
    expect(reply.sources.map((source) => source.type)).toEqual(['customer', 'customer', 'customer']);
  });

  it('takes 佐藤先生 as the staff member, never as a customer’s interactions', async () => {
    const reply = await ask('佐藤先生の最近の対応は？');
    expect(reply.sources[0]).toMatchObject({ type: 'staff', title: '佐藤 美咲' });
    expect(reply.content).toContain('スタッフの [佐藤 美咲]');
    expect(reply.content).toContain(`[佐藤 彩](/customers/${aya})`);
    expect(interactionIds(reply)).toEqual([]);
  });

  it('does not look at staff for a user without staff.read', async () => {
    const email = 'no-staff@sakura-clinic.example';
    await createUser(server.database.owner, {
      email,
      memberships: [
        { tenantId: SAKURA, role: 'user', permissions: ['ai.use', 'customers.read', 'interactions.read'] },
      ],
    });
    const token = (await server.signIn(email)).access_token;
    const response = await server.send('POST', '/api/aiassistant/', token, {
      message: '美咲さんの最近の対応は？',
    });
    const reply = response.json() as Reply;
    expect(reply.content).toContain('「美咲」に当てはまる顧客は見つかりませんでした。');
    expect(reply.sources.some((source) => source.type === 'staff')).toBe(false);
  });

  // Last: it adds a customer to the tenant.
  it('asks which 佐藤 when there are two, then answers the one the reply names', async () => {
    const kenichi = await addNamesake(server);
    const question = '佐藤さんの最近の対応は？';
    const reply = await ask(question);
    expect(reply.content).toContain('佐藤さんは 2 人登録されています。どちらの方ですか？');
    expect(reply.content).toMatch(
      new RegExp(`\\[佐藤 彩\\]\\(/customers/${aya}\\)（サトウ アヤ、[^）]*最終対応 \\d{4}/\\d{2}/\\d{2} `),
    );
    expect(reply.content).toContain(
      `[佐藤 健一](/customers/${kenichi})（サトウ ケンイチ、株式会社青葉商事、`,
    );
    expect(reply.content).not.toContain('最近の対応（');
    expect(reply.sources).toEqual([
      expect.objectContaining({ type: 'customer', id: aya, url: `/customers/${aya}` }),
      expect.objectContaining({ type: 'customer', id: kenichi, url: `/customers/${kenichi}` }),
    ]);

    const history = [
      { role: 'user', content: question },
      { role: 'assistant', content: reply.content },
    ];
    const chosen = await ask('彩さんです', '/api/chat', { history });
    expect(chosen.sources[0]).toMatchObject({ type: 'customer', id: aya });
    expect(interactionIds(chosen)).toEqual(await latestInteractions(server, [aya], 5));
  });
});

describe('who 「佐藤さん」 is, with the model calling the tool', () => {
  let ai: AiTestServer;
  let token: string;

  beforeAll(async () => {
    ai = await startAiTestServer();
    token = (await ai.server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await ai.close();
  });

  /** The model asks customer_interactions about 佐藤; what did the tool answer it, and the user? */
  const askModel = async () => {
    ai.standIn.requests.length = 0;
    ai.standIn.answer = (request) =>
      request.messages.some((message) => message.role === 'tool')
        ? '調べた結果をお伝えします。'
        : { toolCalls: [{ name: 'customer_interactions', arguments: { query: '佐藤' } }] };
    const response = await ai.server.send('POST', '/api/aiassistant/', token, {
      message: '佐藤さんの最近の対応は？',
    });
    expect(response.statusCode, response.body).toBe(200);
    const tool = ai.standIn.chatRequests()[1]?.messages.find((message) => message.role === 'tool');
    return { data: JSON.parse(tool?.content ?? '{}'), reply: response.json() as Reply };
  };

  it('resolves the same as offline: 佐藤 彩, then the question back once there are two', async () => {
    const aya = await customerId(ai.server, '佐藤', '彩');
    const one = await askModel();
    expect(one.reply.mode).toBe('openai');
    expect(one.data).toMatchObject({
      status: 'found',
      customer: { customer_id: aya, matched_by: 'last_name' },
    });
    expect(interactionIds(one.reply)).toEqual(await latestInteractions(ai.server, [aya], 5));

    const kenichi = await addNamesake(ai.server);
    const two = await askModel();
    expect(two.data).toMatchObject({
      status: 'ambiguous',
      reason: 'same_name',
      question: '佐藤さんは 2 人登録されています。どちらの方ですか？',
      candidates: [
        { customer_id: aya, kana: 'サトウ アヤ' },
        { customer_id: kenichi, kana: 'サトウ ケンイチ', company: '株式会社青葉商事' },
      ],
    });
    expect(two.data).not.toHaveProperty('interactions');
    expect(two.reply.sources.map((source) => source.id)).toEqual([aya, kenichi]);
    // The model is told to ask rather than pick.
    const system = ai.standIn.chatRequests()[0]?.messages[0]?.content ?? '';
    expect(system).toContain('推測で一人を選ばず');
  });
});
