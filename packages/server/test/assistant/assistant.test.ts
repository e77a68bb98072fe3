/**
 * The assistant (/api/aiassistant/) and the chat (/api/chat) through HTTP on real PostgreSQL:
 * offline answers whose every number is checked against an independent SQL count, their sources,
 * scopes and the customer a chat is about; then with the OpenAI stand-in: a tool call runs the
 * same query, the answer streams, prompts hold only this tenant's data, provider errors answer
 * EXT_002.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { upload, waitForDocument } from '../documents/support';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import type { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;
const MIDORI = DEMO_TENANTS.midori.id;

type Source = { type: string; id: string | null; title: string; excerpt: string | null; url: string | null };
type Reply = {
  id: string;
  role: string;
  content: string;
  mode: string;
  sources: Source[];
  created_at: string;
};

/** Interactions of live customers in [start, end) of the tenant's local calendar, by SQL of its own. */
async function countInteractionsBySql(
  server: TestServer,
  tenantId: string,
  start: string,
  end: string | null,
  type?: string,
): Promise<number> {
  return withTenant(server.database.owner, tenantId, async (tx) => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from interactions i
      join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
      join tenants t on t.id = i.tenant_id
      where i.tenant_id = ${tenantId} and c.deleted_at is null
        and (i.created_at at time zone t.time_zone) >= ${sql.raw(start)}
        and (${end === null ? sql`true` : sql`(i.created_at at time zone t.time_zone) < ${sql.raw(end)}`})
        and (${type ? sql`i.type = ${type}` : sql`true`})`.execute(tx);
    return Number(rows[0]?.n);
  });
}

/** Words only the other tenant's records hold (names of the demo data repeat across tenants). */
const MIDORI_MARKERS = ['緑専用', 'みどり歯科だけの相談内容'] as const;

const LOCAL_NOW = `(now() at time zone 'Asia/Tokyo')`;
const THIS_MONTH = `date_trunc('month', ${LOCAL_NOW})`;
const LAST_MONTH = `date_trunc('month', ${LOCAL_NOW}) - interval '1 month'`;

async function scalar(server: TestServer, tenantId: string, query: ReturnType<typeof sql<{ n: string }>>) {
  return withTenant(server.database.owner, tenantId, async (tx) =>
    Number((await query.execute(tx)).rows[0]?.n),
  );
}

function parseEvents(body: string): Array<{ event: string; data: unknown }> {
  return body
    .split('\n\n')
    .filter((block) => block.includes('event:'))
    .map((block) => {
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? '';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.replace(/^data: ?/, ''))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

describe('assistant and chat, offline', () => {
  let server: TestServer;
  let admin: string;
  let midoriAdmin: string;

  const ask = async (token: string, body: object, path = '/api/aiassistant/') => {
    const response = await server.send('POST', path, token, body);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as Reply;
    expectMatchesContract(path === '/api/chat' ? 'sendChatMessage' : 'askAssistant', 200, reply);
    expect(reply.mode).toBe('offline');
    expect(reply.sources.length).toBeGreaterThan(0);
    return reply;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    midoriAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('counts this month’s interactions, by type, exactly as SQL does, in the tenant time zone', async () => {
    const reply = await ask(admin, { message: '今月の対応件数は？' });
    const total = await countInteractionsBySql(server, SAKURA, THIS_MONTH, null);
    expect(total).toBeGreaterThan(0);
    expect(reply.content).toContain(`今月の対応は **${total} 件** です。`);
    for (const type of ['call', 'email', 'visit', 'meeting', 'other'] as const) {
      const label = INTERACTION_TYPE_LABELS[type];
      const count = await countInteractionsBySql(server, SAKURA, THIS_MONTH, null, type);
      if (count > 0) expect(reply.content).toContain(`| ${label} | ${count} 件 |`);
      else expect(reply.content).not.toContain(`| ${label} |`);
    }
    for (const source of reply.sources) {
      expect(source.type).toBe('interaction');
      expect(source.url).toMatch(/^\/customers\/[0-9a-f-]{36}$/);
    }
  });

  it('counts last month’s calls, and another tenant gets its own count', async () => {
    const reply = await ask(admin, { message: '先月の電話の件数は？' });
    const calls = await countInteractionsBySql(server, SAKURA, LAST_MONTH, THIS_MONTH, 'call');
    expect(reply.content).toContain(`先月の電話の対応は **${calls} 件** です。`);

    const midori = await ask(midoriAdmin, { message: '今月の対応件数は？' });
    const midoriTotal = await countInteractionsBySql(server, MIDORI, THIS_MONTH, null);
    expect(midori.content).toContain(`今月の対応は **${midoriTotal} 件** です。`);
    const sakuraIds = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx.selectFrom('customers').select('id').where('tenant_id', '=', SAKURA).execute(),
    );
    const sakura = new Set(sakuraIds.map((row) => row.id));
    for (const source of midori.sources) expect(sakura.has(source.url?.split('/')[2] ?? '')).toBe(false);
  });

  it('answers 山田さんの最近の対応 with the customer’s latest interactions and links', async () => {
    const yamada = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx
        .selectFrom('customers')
        .select(['id', 'last_name', 'first_name'])
        .where('tenant_id', '=', SAKURA)
        .where('last_name', '=', '山田')
        .where('deleted_at', 'is', null)
        .orderBy('last_name_kana')
        .orderBy('first_name_kana')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    const reply = await ask(admin, { message: '山田さんの最近の対応は？' });
    expect(reply.sources[0]).toMatchObject({ type: 'customer', url: `/customers/${yamada.id}` });
    const latest = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx
        .selectFrom('interactions')
        .select('id')
        .where('tenant_id', '=', SAKURA)
        .where('customer_id', '=', yamada.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
    );
    expect(
      reply.sources.filter((source) => source.type === 'interaction').map((source) => source.id),
    ).toEqual(latest.map((row) => row.id));
    expect(reply.content).toContain(`(/customers/${yamada.id})`);
  });

  it('counts customers and this month’s new customers as SQL does', async () => {
    const all = await ask(admin, { message: '顧客は何人？' });
    const live = await scalar(
      server,
      SAKURA,
      sql<{
        n: string;
      }>`select count(*) as n from customers where tenant_id = ${SAKURA} and deleted_at is null`,
    );
    expect(all.content).toContain(`登録されている顧客は **${live} 名** です。`);

    const fresh = await ask(admin, { message: '今月の新規顧客は？' });
    const newThisMonth = await scalar(
      server,
      SAKURA,
      sql<{ n: string }>`select count(*) as n from customers
        where tenant_id = ${SAKURA} and deleted_at is null
          and (created_at at time zone 'Asia/Tokyo') >= ${sql.raw(THIS_MONTH)}`,
    );
    expect(fresh.content).toContain(`今月登録された新規顧客は **${newThisMonth} 名** です。`);
  });

  it('lists staff with links, within the staff scope too', async () => {
    const staff = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx
        .selectFrom('staff')
        .select(['last_name', 'first_name'])
        .where('tenant_id', '=', SAKURA)
        .where('deleted_at', 'is', null)
        .where('status', '<>', 'retired')
        .execute(),
    );
    const reply = await ask(admin, { message: 'スタッフ一覧を見せて', scope: 'staff' });
    if (staff.length > 0) {
      expect(reply.content).toContain(`スタッフ（${Math.min(staff.length, 20)} 名）`);
      expect(
        reply.sources.every((source) => source.type === 'staff' && source.url?.startsWith('/staff')),
      ).toBe(true);
    }
  });

  it('finds documents by keyword with links to the documents search, in this tenant only', async () => {
    const text = '院内感染対策マニュアル\n手指衛生は診察の前後に必ず行う。\n';
    const response = await upload(server, admin, [
      { field: 'file', name: '感染対策.txt', bytes: new TextEncoder().encode(text), type: 'text/plain' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    await waitForDocument(server, admin, id);
    const reply = await ask(admin, { message: '「手指衛生」に関する文書は？', scope: 'documents' });
    expect(reply.content).toContain('「手指衛生」を含む文書は 1 件です');
    expect(reply.sources).toEqual([
      expect.objectContaining({
        type: 'document',
        id,
        title: '感染対策.txt',
        url: '/documents?q=%E6%89%8B%E6%8C%87%E8%A1%9B%E7%94%9F',
      }),
    ]);
    const midori = await ask(midoriAdmin, { message: '「手指衛生」に関する文書は？' });
    expect(midori.content).toContain('「手指衛生」を含む文書は見つかりませんでした。');
  });

  it('reads nothing the user could not open: a member without customer rights gets no customer', async () => {
    const email = 'ai-only@sakura-clinic.example';
    await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['ai.use', 'interactions.read'] }],
    });
    const token = (await server.signIn(email)).access_token;
    const reply = await ask(token, { message: '山田さんの最近の対応は？' });
    expect(reply.content).toContain('この情報を見る権限がありません');
    expect(reply.sources.every((source) => source.type === 'user_input')).toBe(true);
    expect(reply.content).not.toMatch(/山田 [^\s]+ さん/);
    // Counting interactions needs only interactions.read: still answered.
    expect((await ask(token, { message: '今月の対応件数は？' })).content).toMatch(
      /今月の対応は \*\*\d+ 件\*\* です/,
    );
    const customer = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx.selectFrom('customers').select('id').where('deleted_at', 'is', null).executeTakeFirstOrThrow(),
    );
    const chat = await server.send('POST', '/api/chat', token, {
      message: '最近の対応は？',
      customer_id: customer.id,
    });
    expect(chat.statusCode).toBe(403);
    expectErrorEnvelope(chat.json(), 'AUTH_004');
  });

  it('says what it can answer when the question is outside the data or the scope', async () => {
    const reply = await ask(admin, { message: '明日の天気は？' });
    expect(reply.content).toContain('AI サービスが設定されていないため');
    expect(reply.content).toContain('今月の対応件数は？');
    expect(reply.sources).toEqual([
      { type: 'user_input', id: null, title: '質問', excerpt: '明日の天気は？', url: null },
    ]);
    const scoped = await ask(admin, { message: '今月の対応件数は？', scope: 'documents' });
    expect(scoped.content).toContain('AI サービスが設定されていないため');
    expect(scoped.content).not.toContain('件** です');
  });

  it('chats about a chosen customer: its data and recent interactions are the answer and sources', async () => {
    const customer = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx
        .selectFrom('customers')
        .select(['id', 'last_name', 'first_name'])
        .where('tenant_id', '=', SAKURA)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .executeTakeFirstOrThrow(),
    );
    const reply = await ask(
      admin,
      {
        message: 'この方の最近の対応は？',
        customer_id: customer.id,
        history: [
          { role: 'user', content: 'こんにちは' },
          { role: 'assistant', content: 'こんにちは。' },
        ],
      },
      '/api/chat',
    );
    expect(reply.sources[0]).toMatchObject({
      type: 'customer',
      id: customer.id,
      url: `/customers/${customer.id}`,
    });
    const count = await scalar(
      server,
      SAKURA,
      sql<{
        n: string;
      }>`select least(count(*), 10) as n from interactions where tenant_id = ${SAKURA} and customer_id = ${customer.id}`,
    );
    expect(reply.sources.filter((source) => source.type === 'interaction')).toHaveLength(count);

    const other = await server.send('POST', '/api/chat', admin, {
      message: '最近の対応は？',
      customer_id: '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
    });
    expect(other.statusCode).toBe(404);
    expectErrorEnvelope(other.json(), 'RES_001');
    // Also as a stream: the 404 comes before the stream starts.
    const streamed = await server.send('POST', '/api/chat?stream=true', admin, {
      message: '最近の対応は？',
      customer_id: '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
    });
    expect(streamed.statusCode).toBe(404);
    expectErrorEnvelope(streamed.json(), 'RES_001');
  });

  it('streams progress steps, the text and the result', async () => {
    const response = await server.send('POST', '/api/aiassistant/?stream=true', admin, {
      message: '今月の対応件数は？',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    expect(events.map((event) => event.event)).toEqual(['progress', 'progress', 'delta', 'result']);
    expect(events[0]?.data).toEqual({
      step: 'tool:count_interactions',
      label: '対応件数を数えています',
      status: 'running',
    });
    expect(events[1]?.data).toMatchObject({ step: 'tool:count_interactions', status: 'done' });
    const result = events[3]?.data as Reply;
    expect(events[2]?.data).toEqual({ text: result.content });
    expect(result.mode).toBe('offline');
  });

  it('refuses a history of more than 20 turns', async () => {
    const history = Array.from({ length: 21 }, (_, index) => ({
      role: index % 2 ? 'assistant' : 'user',
      content: `発言 ${index}`,
    }));
    const response = await server.send('POST', '/api/chat', admin, { message: 'こんにちは', history });
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'VAL_001');
    expect(response.json().error.validation_errors).toEqual([
      { field: 'history', message: expect.stringContaining('20件以内') },
    ]);
  });
});

describe('assistant with the OpenAI stand-in as the provider', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let ai: AiTestServer;
  let token: string;

  beforeAll(async () => {
    ai = await startAiTestServer();
    ({ server, standIn } = ai);
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    // Another tenant's customer and interaction of this month, with words found nowhere else.
    await withTenant(server.database.owner, MIDORI, async (tx) => {
      const { id } = await tx
        .insertInto('customers')
        .values({
          tenant_id: MIDORI,
          last_name: MIDORI_MARKERS[0],
          first_name: '花子',
          last_name_kana: 'ミドリセンヨウ',
          first_name_kana: 'ハナコ',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('interactions')
        .values({ tenant_id: MIDORI, customer_id: id, type: 'call', content: MIDORI_MARKERS[1] })
        .execute();
    });
  });

  afterAll(async () => {
    await ai.close();
  });

  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.streamDelayMs = 0;
  });

  it('runs a tool call through the same query, streams the answer, and sends only this tenant’s data', async () => {
    standIn.answer = (request) =>
      request.messages.some((message) => message.role === 'tool')
        ? '今月の対応件数をお調べしました。詳しくは根拠をご覧ください。'
        : { toolCalls: [{ name: 'count_interactions', arguments: { period: 'this_month' } }] };
    const response = await server.send('POST', '/api/aiassistant/?stream=true', token, {
      message: '今月は忙しかった？',
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = parseEvents(response.body);
    const kinds = events.map((event) => event.event);
    expect(kinds.at(-1)).toBe('result');
    expect(events).toContainEqual({
      event: 'progress',
      data: expect.objectContaining({ label: '対応件数を数えています', status: 'running' }),
    });
    const deltas = events
      .filter((event) => event.event === 'delta')
      .map((event) => (event.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(1);
    const result = events.at(-1)?.data as Reply;
    expect(result.mode).toBe('openai');
    expect(deltas.join('')).toBe(result.content);
    expect(result.sources.length).toBeGreaterThan(0);
    expect(result.sources.every((source) => source.type === 'interaction')).toBe(true);

    const requests = standIn.chatRequests();
    expect(requests).toHaveLength(2);
    expect(requests[0]?.tools?.map((tool) => tool.function.name)).toContain('count_interactions');
    const toolMessage = requests[1]?.messages.find((message) => message.role === 'tool');
    const data = JSON.parse(toolMessage?.content ?? '{}') as { total: number };
    expect(data.total).toBe(await countInteractionsBySql(server, SAKURA, THIS_MONTH, null));

    const sent = JSON.stringify(requests);
    for (const marker of MIDORI_MARKERS) expect(sent).not.toContain(marker);
    const midoriIds = await withTenant(server.database.owner, MIDORI, (tx) =>
      tx.selectFrom('interactions').select('id').where('tenant_id', '=', MIDORI).execute(),
    );
    for (const row of midoriIds) expect(sent).not.toContain(row.id);
  });

  it('answers a wrong tool name or arguments to the model instead of running anything', async () => {
    standIn.answer = (request) =>
      request.messages.some((message) => message.role === 'tool')
        ? 'スタッフの情報はこの範囲では調べられません。'
        : { toolCalls: [{ name: 'list_staff', arguments: {} }] };
    const response = await server.send('POST', '/api/aiassistant/', token, {
      message: 'スタッフは？',
      scope: 'products',
    });
    expect(response.statusCode, response.body).toBe(200);
    const tool = standIn.chatRequests()[1]?.messages.find((message) => message.role === 'tool');
    expect(JSON.parse(tool?.content ?? '{}')).toEqual({ error: '使えないツールです: list_staff' });
    expect(response.json().sources).toEqual([
      { type: 'user_input', id: null, title: '質問', excerpt: 'スタッフは？', url: null },
    ]);
  });

  it('stops the model call when the client of a streamed answer disconnects', async () => {
    // A long answer, slowly streamed: all of it would take 200 pieces × 25 ms.
    standIn.answer = () => '院内の対応件数を順にお調べしています。'.repeat(80);
    standIn.streamDelayMs = 25;
    const endedBefore = standIn.streamEnds.length;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const body = JSON.stringify({ message: '今月の状況を詳しく教えてください' });
    // A real connection (inject has no socket to drop): read until the model's first words arrive.
    const firstEvents = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/aiassistant/?stream=true',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`status ${response.statusCode}`));
            request.destroy();
            return;
          }
          let received = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            received += chunk;
            if (!received.includes('event: delta')) return;
            // The client leaves (closed tab): the socket goes, mid-answer.
            request.destroy();
            resolve(received);
          });
          response.on('end', () => reject(new Error(`the stream ended before a delta: ${received}`)));
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.end(body);
    });
    expect(firstEvents).toContain('event: delta');
    // The stand-in saw its request closed before the last piece: the server aborted the model call.
    const ends = await standIn.streamsEnded(endedBefore + 1);
    expect(ends.slice(endedBefore)).toEqual(['closed-early']);
    expect(standIn.chatRequests()).toHaveLength(1);
  });

  it('answers 502 EXT_002 when the provider keeps failing', async () => {
    standIn.failNext(2, { kind: 'status', status: 500 });
    const response = await server.send('POST', '/api/chat', token, { message: 'こんにちは' });
    expect(response.statusCode).toBe(502);
    expectErrorEnvelope(response.json(), 'EXT_002');
  });
});
