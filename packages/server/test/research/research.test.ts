/**
 * Deep research through HTTP on real PostgreSQL: offline reports of a registered customer, a new
 * name and competitors whose every figure is checked against SQL counted here, the progress
 * stream, saved reports (list, open, delete), the PDF (text extracted with unpdf), validation;
 * then with the OpenAI stand-in: a plan, a synthesis whose citations are checked and renumbered,
 * the web search stand-in, and prompts that never carry another tenant's data.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { upload, waitForDocument } from '../documents/support';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectErrorEnvelope } from '../support/contract';
import { createUser } from '../support/fixtures';
import type { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;

interface Report {
  id: string;
  kind: string;
  title: string;
  customer_id: string | null;
  mode: string;
  summary: string;
  sections: { heading: string; body: string; bullet_points: string[]; citations: number[] }[];
  competitors: { name: string; summary: string; strengths: string[]; weaknesses: string[] }[];
  recommendations: string[];
  sources: { type: string; id: string | null; title: string; excerpt: string | null; url: string | null }[];
}

function expectCitationsValid(report: Report) {
  expect(report.sources.length).toBeGreaterThan(0);
  for (const section of report.sections) {
    expect(section.citations.length).toBeGreaterThan(0);
    for (const number of section.citations) {
      expect(number).toBeGreaterThanOrEqual(1);
      expect(number).toBeLessThanOrEqual(report.sources.length);
    }
  }
}

/** A customer of the tenant with the most interactions in the last year (counted here). */
async function busiestCustomer(server: TestServer, tenantId: string) {
  return withTenant(server.database.owner, tenantId, async (tx) => {
    const { rows } = await sql<{ id: string; last_name: string; first_name: string; count: string }>`
      select c.id, c.last_name, c.first_name, count(i.id) as count from customers c
      join interactions i on i.tenant_id = c.tenant_id and i.customer_id = c.id
        and i.created_at >= now() - interval '365 days'
      where c.tenant_id = ${tenantId} and c.deleted_at is null
      group by c.id, c.last_name, c.first_name order by count(i.id) desc, c.id limit 1`.execute(tx);
    const row = rows[0];
    if (!row) throw new Error('the demo tenant has no customer with interactions');
    const types = await sql<{ type: string; count: string }>`
      select type, count(*) as count from interactions
      where tenant_id = ${tenantId} and customer_id = ${row.id} and created_at >= now() - interval '365 days'
      group by type`.execute(tx);
    return {
      ...row,
      count: Number(row.count),
      byType: Object.fromEntries(types.rows.map((type) => [type.type, Number(type.count)])),
    };
  });
}

/** The events of an SSE body, in order. */
function events(body: string): { event: string; data: unknown }[] {
  return body
    .split(/\n\n/)
    .map((block) => block.trim())
    .filter((block) => block.startsWith('event:') || block.includes('\nevent:'))
    .map((block) => {
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
}

async function pdfText(payload: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(payload));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, '') };
}

describe('deep research, offline', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('researches a registered customer from its records: counts match SQL, every section cites', async () => {
    const customer = await busiestCustomer(server, SAKURA);
    const response = await server.send('POST', `/api/research/customer/${customer.id}`, admin, {});
    expect(response.statusCode).toBe(200);
    const report = response.json<Report>();
    expect(report).toMatchObject({ kind: 'customer', customer_id: customer.id, mode: 'offline' });
    expect(report.title).toBe(`${customer.last_name} ${customer.first_name} 顧客調査`);
    expect(report.sections.map((section) => section.heading)).toEqual([
      '概要',
      'ニーズ',
      'これまでの経緯',
      'リスク',
      '商機',
    ]);
    expect(report.summary).toContain(`過去 365 日の対応は ${customer.count} 件`);
    const history = report.sections.find((section) => section.heading === 'これまでの経緯');
    expect(history?.bullet_points[0]).toContain(`対応: ${customer.count} 件`);
    const labels: Record<string, string> = {
      call: '電話',
      email: 'メール',
      visit: '来院/訪問',
      meeting: '打ち合わせ',
      other: 'その他',
    };
    for (const [type, count] of Object.entries(customer.byType)) {
      expect(history?.bullet_points[0]).toContain(`${labels[type]} ${count} 件`);
    }
    expectCitationsValid(report);
    expect(report.sources[0]).toMatchObject({
      type: 'customer',
      id: customer.id,
      url: `/customers/${customer.id}`,
    });
    // The interactions quoted are the customer's own, newest first (standard depth: 5).
    const interactionIds = report.sources
      .filter((source) => source.type === 'interaction')
      .map((source) => source.id);
    const newest = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx
        .selectFrom('interactions')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where(sql<boolean>`created_at >= now() - interval '365 days'`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
    );
    expect(interactionIds).toEqual(newest.map((row) => row.id));

    // Saved: listed first and read back the same.
    const list = await server.get('/api/research/reports?limit=5', { token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().reports[0]).toMatchObject({
      id: report.id,
      kind: 'customer',
      mode: 'offline',
      summary: report.summary,
    });
    expect(list.json().reports[0].created_by_name).toBeTruthy();
    const read = await server.get(`/api/research/reports/${report.id}`, { token: admin });
    expect(read.json()).toEqual(report);
  });

  it('refuses a registered customer’s report to a member who may not open customers', async () => {
    const email = 'research-only@sakura-clinic.example';
    await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['research.use'] }],
    });
    const token = (await server.signIn(email)).access_token;
    const customer = await busiestCustomer(server, SAKURA);
    const response = await server.send('POST', `/api/research/customer/${customer.id}`, token, {});
    expect(response.statusCode).toBe(403);
    expectErrorEnvelope(response.json(), 'AUTH_004');
    expect(response.json().error.context).toEqual({ permission: 'customers.read' });
  });

  it('leaves out what its reader may not open: documents, the knowledge base, registered customers', async () => {
    const uploaded = await upload(server, admin, [
      {
        field: 'file',
        name: '近隣医院メモ.txt',
        bytes: new TextEncoder().encode('近隣医院メモ\nかえで内科は駅前で夜 8 時まで診療している。\n'),
        type: 'text/plain',
      },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = uploaded.json().id as string;
    await waitForDocument(server, admin, documentId);
    const request = { competitors: [{ name: 'かえで内科', notes: '土日も診療している。' }] };
    // The admin's report cites the document that names the competitor …
    const full = (await server.send('POST', '/api/research/competitor', admin, request)).json<Report>();
    expect(full.sources.map((source) => source.id)).toContain(documentId);
    expect(full.summary).not.toContain('閲覧の権限');

    // … a member who may use research but not open documents gets it without, and is told so.
    const email = 'research-reader@sakura-clinic.example';
    await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['research.use'] }],
    });
    const member = (await server.signIn(email)).access_token;
    const streamed = await server.send('POST', '/api/research/competitor?stream=true', member, request);
    expect(streamed.statusCode).toBe(200);
    const sent = events(streamed.body);
    expect(
      sent.some(
        (event) =>
          event.event === 'progress' &&
          (event.data as { label: string }).label ===
            '文書を検索しています（文書とナレッジベースは閲覧の権限がないため含めていません）',
      ),
    ).toBe(true);
    const limited = sent.at(-1)?.data as Report;
    expect(
      limited.sources.filter((source) => source.type === 'document' || source.type === 'knowledge_document'),
    ).toEqual([]);
    expect(limited.summary).toContain('文書とナレッジベースは閲覧の権限がないため含めていません');
    expect(JSON.stringify(limited)).not.toContain('夜 8 時');

    // A new name is not looked up among customers the member may not open.
    const customer = await busiestCustomer(server, SAKURA);
    const named = await server.send('POST', '/api/research/customer', member, { name: customer.last_name });
    expect(named.statusCode).toBe(200);
    const report = named.json<Report>();
    expect(report.sources.filter((source) => source.type === 'customer')).toEqual([]);
    expect(report.summary).toContain('登録済みの顧客は確かめていません');
    expect(report.sections.find((section) => section.heading === 'これまでの経緯')?.body).toBe(
      '顧客を閲覧する権限がないため、登録済みの顧客は確かめていません。',
    );
  });

  it('only the topics asked for, over the period asked for', async () => {
    const customer = await busiestCustomer(server, SAKURA);
    const response = await server.send('POST', `/api/research/customer/${customer.id}`, admin, {
      topics: ['history', 'risks'],
      period_days: 30,
      depth: 'quick',
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<Report>();
    expect(report.sections.map((section) => section.heading)).toEqual(['これまでの経緯', 'リスク']);
    const count = await withTenant(server.database.owner, SAKURA, async (tx) => {
      const { rows } = await sql<{ count: string }>`select count(*) from interactions
        where tenant_id = ${SAKURA} and customer_id = ${customer.id} and created_at >= now() - interval '30 days'`.execute(
        tx,
      );
      return Number(rows[0]?.count);
    });
    expect(report.summary).toContain(`過去 30 日の対応は ${count} 件`);
    expect(report.sources.filter((source) => source.type === 'interaction').length).toBeLessThanOrEqual(3);
  });

  it('streams real progress steps and ends with the saved report', async () => {
    const customer = await busiestCustomer(server, SAKURA);
    const response = await server.send(
      'POST',
      `/api/research/customer/${customer.id}?stream=true`,
      admin,
      {},
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const sent = events(response.body);
    const labels = sent
      .filter(
        (event) => event.event === 'progress' && (event.data as { status: string }).status === 'running',
      )
      .map((event) => (event.data as { label: string }).label);
    expect(labels).toEqual([
      '顧客の情報を集めています',
      '対応履歴を読んでいます',
      '文書を検索しています',
      'レポートをまとめています',
      'レポートを保存しています',
    ]);
    const last = sent.at(-1);
    expect(last?.event).toBe('result');
    const report = last?.data as Report;
    expect(report.mode).toBe('offline');
    const read = await server.get(`/api/research/reports/${report.id}`, { token: admin });
    expect(read.statusCode).toBe(200);
  });

  it('researches a new name from what was typed and the tenant data, and says what is unknown', async () => {
    const customer = await busiestCustomer(server, SAKURA);
    const response = await server.send('POST', '/api/research/customer', staff, {
      name: customer.last_name,
      company_name: '株式会社テスト商事',
      notes: '健康診断の契約先を探している。従業員は 50 名ほど。',
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<Report>();
    expect(report).toMatchObject({ kind: 'customer', customer_id: null, mode: 'offline' });
    expect(report.sources[0]).toMatchObject({ type: 'user_input', id: null, url: null });
    const registered = await withTenant(server.database.owner, SAKURA, async (tx) => {
      const { rows } = await sql<{ count: string }>`select count(*) from (select 1 from customers
        where tenant_id = ${SAKURA} and deleted_at is null and strpos(last_name || first_name, ${customer.last_name}) > 0
        limit 5) found`.execute(tx);
      return Number(rows[0]?.count);
    });
    expect(registered).toBeGreaterThan(0);
    expect(report.summary).toContain(`登録済みの同名の顧客は ${registered} 件`);
    expect(report.sections.find((section) => section.heading === 'ニーズ')?.bullet_points).toEqual([
      '健康診断の契約先を探している。',
      '従業員は 50 名ほど。',
    ]);
    expect(report.sections.find((section) => section.heading === 'リスク')?.body).toContain('分かりません');
    expectCitationsValid(report);
  });

  it('compares competitors from notes and documents, with the tenant’s own price range from SQL', async () => {
    const response = await server.send('POST', '/api/research/competitor', admin, {
      competitors: [
        {
          name: 'ひかり内科',
          url: 'https://hikari.example.jp',
          notes: '駅から徒歩 2 分で人気。土日も診療している。待ち時間が長いという口コミがある。',
        },
        { name: 'あおば医院' },
      ],
      region: '世田谷区',
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<Report>();
    expect(report.kind).toBe('competitor');
    expect(report.competitors.map((competitor) => competitor.name)).toEqual(['ひかり内科', 'あおば医院']);
    expect(report.competitors[0]?.strengths).toContain('駅から徒歩 2 分で人気。');
    expect(report.competitors[0]?.weaknesses).toContain('待ち時間が長いという口コミがある。');
    expect(report.competitors[1]?.strengths).toEqual(['記録なし（確認が必要）']);
    const own = await withTenant(server.database.owner, SAKURA, async (tx) => {
      const { rows } = await sql<{
        count: string;
        min: number;
        max: number;
      }>`select count(*) as count, min(price) as min,
        max(price) as max from products where tenant_id = ${SAKURA} and deleted_at is null and status = 'active'`.execute(
        tx,
      );
      return rows[0];
    });
    const pricing = report.sections.find((section) => section.heading === '価格');
    if (Number(own?.count) > 0) {
      expect(pricing?.bullet_points.at(-1)).toBe(
        `自院: 販売中の商品・サービス ${own?.count} 件、${own?.min?.toLocaleString('ja-JP')} 円〜${own?.max?.toLocaleString('ja-JP')} 円`,
      );
    }
    expect(report.sources.find((source) => source.url === 'https://hikari.example.jp')?.type).toBe(
      'user_input',
    );
    expectCitationsValid(report);
  });

  it('exports a saved report as an A4 PDF with its Japanese file name, headings and page numbers', async () => {
    const customer = await busiestCustomer(server, SAKURA);
    const report = (
      await server.send('POST', `/api/research/customer/${customer.id}`, admin, {})
    ).json<Report>();
    const response = await server.send('POST', '/api/research/customer/pdf', admin, { report_id: report.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
      .format(new Date())
      .replaceAll('-', '');
    const fileName = `顧客調査_${customer.last_name}${customer.first_name}_${stamp}.pdf`;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="customer-research.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    const { pages, text } = await pdfText(response.rawPayload);
    for (const heading of [
      '要約',
      '概要',
      'ニーズ',
      'これまでの経緯',
      'リスク',
      '商機',
      '次の一手',
      '出典',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(`${customer.last_name}${customer.first_name}顧客調査`);
    expect(text).toContain('AIを使わず、登録データの集計・検索だけで作成しました。');
    expect(text).toContain(`1/${pages}ページ`);
    expect(text).toContain(`${pages}/${pages}ページ`);

    // A customer report is not a competitor report.
    const wrongKind = await server.send('POST', '/api/research/competitor/pdf', admin, {
      report_id: report.id,
    });
    expect(wrongKind.statusCode).toBe(404);
    expectErrorEnvelope(wrongKind.json(), 'RES_001');
  });

  it('exports a competitor report with its comparison table', async () => {
    const report = (
      await server.send('POST', '/api/research/competitor', admin, {
        competitors: [{ name: 'ひかり内科', notes: '土日も診療している。駐車場が狭い。' }],
      })
    ).json<Report>();
    const response = await server.send('POST', '/api/research/competitor/pdf', admin, {
      report_id: report.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename\*=UTF-8''%E7%AB%B6%E5%90%88%E5%88%86%E6%9E%90_\d{8}\.pdf$/,
    );
    const { text } = await pdfText(response.rawPayload);
    for (const cell of ['競合の比較', '競合', '強み', '弱み', '土日も診療している。', '駐車場が狭い。'])
      expect(text).toContain(cell);
  });

  it('lists newest first with paging and filters, and deletes', async () => {
    const all = (await server.get('/api/research/reports?limit=100', { token: admin })).json();
    const count = await withTenant(server.database.owner, SAKURA, async (tx) => {
      const { rows } = await sql<{
        count: string;
      }>`select count(*) from research_reports where tenant_id = ${SAKURA}`.execute(tx);
      return Number(rows[0]?.count);
    });
    expect(all.total).toBe(count);
    const times = all.reports.map((report: { generated_at: string }) => report.generated_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await server.get('/api/research/reports?skip=1&limit=1', { token: admin })).json();
    expect(second.reports).toEqual([all.reports[1]]);
    const competitors = (await server.get('/api/research/reports?kind=competitor', { token: admin })).json();
    expect(competitors.reports.every((report: { kind: string }) => report.kind === 'competitor')).toBe(true);
    expect(competitors.total).toBe(
      all.reports.filter((report: { kind: string }) => report.kind === 'competitor').length,
    );
    const customer = await busiestCustomer(server, SAKURA);
    const ofCustomer = (
      await server.get(`/api/research/reports?customer_id=${customer.id}`, { token: admin })
    ).json();
    expect(ofCustomer.total).toBeGreaterThan(0);
    expect(
      ofCustomer.reports.every((report: { customer_id: string }) => report.customer_id === customer.id),
    ).toBe(true);

    const id = all.reports[0].id;
    expect((await server.send('DELETE', `/api/research/reports/${id}`, admin)).statusCode).toBe(204);
    const gone = await server.get(`/api/research/reports/${id}`, { token: admin });
    expect(gone.statusCode).toBe(404);
    expectErrorEnvelope(gone.json(), 'RES_001');
    expect((await server.send('DELETE', `/api/research/reports/${id}`, admin)).statusCode).toBe(404);
  });

  it('lets staff delete their own reports only: another person’s needs research.delete', async () => {
    const request = { competitors: [{ name: 'あおば内科', notes: '駅から近い。' }] };
    const adminReport = (
      await server.send('POST', '/api/research/competitor', admin, request)
    ).json<Report>();
    const staffReport = (
      await server.send('POST', '/api/research/competitor', staff, request)
    ).json<Report>();

    const refused = await server.send('DELETE', `/api/research/reports/${adminReport.id}`, staff);
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'AUTH_004');
    expect(refused.json().error.context).toEqual({ permission: 'research.delete' });
    expect((await server.get(`/api/research/reports/${adminReport.id}`, { token: staff })).statusCode).toBe(
      200,
    );

    expect((await server.send('DELETE', `/api/research/reports/${staffReport.id}`, staff)).statusCode).toBe(
      204,
    );
    // An admin holds research.delete by default and may tidy anybody's.
    expect((await server.send('DELETE', `/api/research/reports/${adminReport.id}`, admin)).statusCode).toBe(
      204,
    );
    // Another tenant's admin sees neither.
    const midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const other = (await server.send('POST', '/api/research/competitor', admin, request)).json<Report>();
    expect((await server.send('DELETE', `/api/research/reports/${other.id}`, midori)).statusCode).toBe(404);
  });

  it('answers 422 with Japanese field labels, and 404 for an unknown customer', async () => {
    const none = await server.send('POST', '/api/research/competitor', admin, { competitors: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.validation_errors).toEqual([
      { field: 'competitors', message: '1件以上指定してください' },
    ]);
    const tooShort = await server.send(
      'POST',
      '/api/research/customer/3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
      admin,
      {
        period_days: 1,
      },
    );
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json().error.validation_errors[0].field).toBe('period_days');
    const unknown = await server.send(
      'POST',
      '/api/research/customer/3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
      admin,
      {},
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('deep research with the OpenAI stand-in and a web search stand-in', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let ai: AiTestServer;
  let web: Server;
  let webQueries: string[];
  let token: string;

  beforeAll(async () => {
    webQueries = [];
    web = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        webQueries.push(JSON.parse(body).query);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            results: [
              {
                title: 'ひかり内科 公式サイト',
                url: 'https://hikari.example.jp/',
                snippet: '土日も診療しています。',
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    ai = await startAiTestServer({
      maxRetries: 0,
      limits: { maxOutputTokens: 3_000 },
      server: {
        config: { researchWebSearchUrl: `http://127.0.0.1:${(web.address() as AddressInfo).port}/search` },
      },
    });
    ({ server, standIn } = ai);
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  }, 60_000);

  afterAll(async () => {
    await ai.close();
    await new Promise((resolve) => web.close(resolve));
  });

  it('plans, retrieves (with the web) and keeps only citations of numbered sources, renumbered', async () => {
    standIn.requests.length = 0;
    standIn.answer = (request) => {
      const system = request.messages[0]?.content ?? '';
      if (system.includes('問いを日本語で最大 5 つ')) {
        return JSON.stringify({ questions: ['ひかり内科の診療日は？'] });
      }
      const user = request.messages.at(-1)?.content ?? '';
      const webNumber = /\[(\d+)\] ひかり内科 公式サイト/.exec(user)?.[1];
      return JSON.stringify({
        summary: `ひかり内科は土日も診療しています [${webNumber}]。`,
        sections: [
          {
            heading: '概要',
            body: `土日も診療 [${webNumber}] [99]`,
            bullet_points: ['駅から近い'],
            citations: [Number(webNumber), 99],
          },
          { heading: '根拠のない節', body: '推測です', bullet_points: [], citations: [] },
        ],
        competitors: [{ name: 'ひかり内科', summary: '土日診療', strengths: ['土日も診療'], weaknesses: [] }],
        recommendations: ['診療時間を比べる'],
      });
    };
    const response = await server.send('POST', '/api/research/competitor', token, {
      competitors: [{ name: 'ひかり内科', url: 'https://hikari.example.jp', notes: '土日も診療している。' }],
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<Report>();
    expect(report.mode).toBe('openai');
    expect(webQueries).toEqual(['ひかり内科の診療日は？']);
    expect(report.sections).toEqual([
      { heading: '概要', body: '土日も診療 [1]', bullet_points: ['駅から近い'], citations: [1] },
    ]);
    expect(report.summary).toBe('ひかり内科は土日も診療しています [1]。');
    expect(report.sources).toEqual([
      {
        type: 'web',
        id: null,
        title: 'ひかり内科 公式サイト',
        excerpt: '土日も診療しています。',
        url: 'https://hikari.example.jp/',
      },
    ]);
    expect(standIn.chatRequests()).toHaveLength(2);
  });

  it('sends the model only this tenant’s data', async () => {
    const customer = await busiestCustomer(server, SAKURA);
    // A customer of the other tenant with a name, phone and record found nowhere in this one.
    const secret = {
      last_name: '秘匿',
      first_name: '他院子',
      phone: '09-8765-4321',
      content: '他院だけの秘密の相談メモ',
    };
    await withTenant(server.database.owner, DEMO_TENANTS.midori.id, async (tx) => {
      const { id } = await tx
        .insertInto('customers')
        .values({
          tenant_id: DEMO_TENANTS.midori.id,
          last_name: secret.last_name,
          first_name: secret.first_name,
          last_name_kana: 'ヒトク',
          first_name_kana: 'タインコ',
          phone: secret.phone,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('interactions')
        .values({ tenant_id: DEMO_TENANTS.midori.id, customer_id: id, type: 'call', content: secret.content })
        .execute();
    });
    standIn.requests.length = 0;
    standIn.answer = (request) =>
      (request.messages[0]?.content ?? '').includes('問いを日本語で最大 5 つ')
        ? JSON.stringify({ questions: ['最近の要望は？'] })
        : JSON.stringify({
            summary: '要約 [1]',
            sections: [{ heading: '概要', body: '登録情報 [1]', bullet_points: [], citations: [1] }],
            competitors: [],
            recommendations: [],
          });
    const response = await server.send('POST', `/api/research/customer/${customer.id}`, token, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().sources[0]).toMatchObject({ type: 'customer', id: customer.id });
    const prompts = standIn
      .chatRequests()
      .flatMap((request) => request.messages.map((message) => message.content ?? ''));
    expect(prompts.join('\n')).toContain(customer.last_name);
    for (const text of [secret.last_name, secret.phone, secret.content])
      expect(prompts.join('\n')).not.toContain(text);
  });

  it('a provider failure answers EXT_001 and saves nothing', async () => {
    const before = (await server.get('/api/research/reports', { token })).json().total;
    standIn.failNext(1, { kind: 'status', status: 503 });
    const response = await server.send('POST', '/api/research/competitor', token, {
      competitors: [{ name: 'ひかり内科' }],
    });
    expect([502, 503]).toContain(response.statusCode);
    expect(['EXT_001', 'EXT_002']).toContain(response.json().error.code);
    expect((await server.get('/api/research/reports', { token })).json().total).toBe(before);
  });
});
