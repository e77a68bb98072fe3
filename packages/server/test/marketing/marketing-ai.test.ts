/**
 * Marketing AI with the local OpenAI stand-in as the provider: the model rewrites the wording of
 * the rule-based drafts, while every number (target size, KPIs, budget, segment counts, dates)
 * stays the one counted in SQL or typed by the user, and the sources stay as found. An unusable
 * answer shows the draft (mode offline, said so), a provider failure answers EXT_002, a spent
 * budget AI_001, and no prompt carries another tenant's records.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planContentCalendarOffline } from '../../src/modules/marketing/marketing.service';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { upload, waitForDocument } from '../documents/support';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import type { OpenAiStandIn, StandInChatRequest } from '../support/openai-stand-in';
import type { TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;
const MIDORI = DEMO_TENANTS.midori.id;
const NOTE = 'AI の回答を読み取れなかったため、規則で作った案を表示しています。';

/** The draft the server asked the model to rewrite (the JSON after its heading in the prompt). */
function draftOf(request: StandInChatRequest): Record<string, unknown> {
  const content = request.messages.at(-1)?.content ?? '';
  return JSON.parse(content.split('書き直す下書き:\n')[1] ?? '{}');
}

describe('marketing with the OpenAI stand-in', () => {
  let ai: AiTestServer;
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let admin: string;
  /** Every prompt sent during the file, checked for other tenants' data at the end. */
  const prompts: string[] = [];

  beforeAll(async () => {
    ai = await startAiTestServer({ maxRetries: 0 });
    ({ server, standIn } = ai);
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await ai.close();
  });

  beforeEach(() => {
    for (const request of standIn.chatRequests()) prompts.push(JSON.stringify(request.messages));
    standIn.requests.length = 0;
  });

  const post = async (operation: string, url: string, body: object, mode: 'openai' | 'offline') => {
    const response = await server.send('POST', url, admin, body);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract(operation, 200, response.json());
    expect(response.json().mode).toBe(mode);
    return response.json();
  };

  const sqlCount = (query: ReturnType<typeof sql<{ n: number }>>) =>
    withTenant(server.database.owner, SAKURA, async (tx) => (await query.execute(tx)).rows[0]?.n as number);

  const mostUsedTag = async () =>
    (
      await withTenant(server.database.owner, SAKURA, (tx) =>
        sql<{ tag: string }>`select unnest(tags) as tag from customers
          where tenant_id = ${SAKURA} and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`.execute(
          tx,
        ),
      )
    ).rows[0]?.tag as string;

  it('campaign: the wording is the model’s; target, KPIs, budget, dates and sources stay counted', async () => {
    const tag = await mostUsedTag();
    const n = await sqlCount(
      sql<{ n: number }>`select count(*)::int as n from customers
        where tenant_id = ${SAKURA} and deleted_at is null and ${tag} = any(tags)`,
    );
    expect(n).toBeGreaterThan(0);
    standIn.answer = (request) => {
      const draft = draftOf(request) as { phases: Array<{ name: string; actions: string[] }> };
      return JSON.stringify({
        title: '冬の再来院キャンペーン',
        // A figure of the facts, as the model writes it: used.
        summary: `対象の ${n} 人に、予算 3万円でご案内します。`,
        phases: draft.phases.map((phase) => ({
          name: '別の名前',
          actions: [`${phase.name}: 担当を決めて進める`],
        })),
        // Figures of its own: never used.
        target: '全員（99999 人）',
        kpis: [{ name: '来院', target: '99999 人' }],
        estimated_cost_yen: 99999,
        channels: ['sms'],
      });
    };
    const proposal = await post(
      'proposeCampaign',
      '/api/marketing/campaign-proposal',
      {
        objective: '再来院を増やす',
        target: `${tag}の方`,
        channels: ['email', 'line'],
        start_date: '2027-01-04',
        end_date: '2027-01-31',
        budget_yen: 30000,
      },
      'openai',
    );
    expect(proposal.title).toBe('冬の再来院キャンペーン');
    expect(proposal.summary).toBe(`対象の ${n} 人に、予算 3万円でご案内します。`);
    expect(proposal.phases.map((p: { name: string }) => p.name)).toEqual([
      '準備',
      '告知',
      'フォロー',
      '振り返り',
    ]);
    expect(proposal.phases[1].actions).toEqual(['告知: 担当を決めて進める']);
    expect(proposal.phases[0].start_date).toBe('2027-01-04');
    expect(proposal.phases[2].end_date).toBe('2027-01-31');
    expect(proposal.target).toBe(`タグ「${tag}」の顧客（${n} 人）`);
    expect(proposal.kpis.map((k: { target: string }) => k.target)).toEqual([
      `${n} 人（対象の全員）`,
      `${Math.ceil(n * 0.1)} 人（対象 ${n} 人の 10%、切り上げ）`,
      `${Math.ceil(n * 0.05)} 人（対象 ${n} 人の 5%、切り上げ）`,
    ]);
    expect(proposal.estimated_cost_yen).toBe(30000);
    expect(proposal.channels).toEqual(['email', 'line']);
    expect(proposal.sources[0]).toMatchObject({ type: 'user_input', title: '入力された目的' });
    const examples = proposal.sources.filter((s: { type: string }) => s.type === 'customer');
    expect(examples.length).toBe(Math.min(3, n));
    // The example customers are cited, not sent: the prompt has the counts, not the names.
    const prompt = JSON.stringify(standIn.chatRequests()[0]?.messages);
    for (const example of examples) expect(prompt).not.toContain(example.title);
    expect(prompt).toContain(`（${n} 人）`);
  });

  it('campaign: a text with a number the facts do not hold keeps the rules’ text', async () => {
    standIn.answer = () =>
      JSON.stringify({
        title: '休眠の方へのご案内',
        summary: '来院率が 87.5% 上がる見込みです。',
        phases: [],
      });
    const proposal = await post(
      'proposeCampaign',
      '/api/marketing/campaign-proposal',
      { objective: '1 年以上来院のない方に再来院を促す' },
      'openai',
    );
    expect(proposal.title).toBe('休眠の方へのご案内');
    expect(proposal.summary).toContain('予算が入力されていないため');
    expect(proposal.summary).not.toContain('87.5%');
    expect(proposal.phases[0].actions).toContain('対象者の一覧を顧客管理で確認する');
  });

  it('campaign: an answer that is not the JSON asked for shows the draft, mode offline, and says so', async () => {
    standIn.answer = () => '{"title": "途中で切れた答え"';
    const proposal = await post(
      'proposeCampaign',
      '/api/marketing/campaign-proposal',
      { objective: '健診の予約を増やす', budget_yen: 10000 },
      'offline',
    );
    expect(proposal.title).toBe('健診の予約を増やすのキャンペーン案');
    expect(proposal.summary).toContain('入力された予算 10,000 円');
    expect(proposal.summary).toContain(NOTE);
    expect(standIn.chatRequests()).toHaveLength(1);
  });

  it('customer analysis: summary and insights from the counts; segments stay the SQL counts', async () => {
    const total = await sqlCount(
      sql<{
        n: number;
      }>`select count(*)::int as n from customers where tenant_id = ${SAKURA} and deleted_at is null`,
    );
    const companies = await sqlCount(
      sql<{ n: number }>`select count(*)::int as n from customers
        where tenant_id = ${SAKURA} and deleted_at is null and nullif(trim(company_name), '') is not null`,
    );
    standIn.answer = () =>
      JSON.stringify({
        summary: `登録されている ${total} 人のうち、会社・団体の登録がある方は ${companies} 人です。`,
        // One invented figure: the insights stay the rules'.
        insights: ['法人向けの健診を案内しましょう。', `来年は ${total + 1000} 人を目指せます。`],
        total_customers: 1,
      });
    const analysis = await post(
      'analyzeCustomersForMarketing',
      '/api/marketing/customer-analysis',
      { segment_by: 'company' },
      'openai',
    );
    expect(analysis.summary).toBe(
      `登録されている ${total} 人のうち、会社・団体の登録がある方は ${companies} 人です。`,
    );
    expect(analysis.total_customers).toBe(total);
    expect(
      analysis.segments.find((s: { label: string }) => s.label === '会社・団体の登録あり')?.customer_count,
    ).toBe(companies);
    expect(analysis.insights.join('\n')).not.toContain(String(total + 1000));
    expect(analysis.insights[0]).toMatch(/^最も多いのは「/);
    expect(analysis.sources).toEqual([expect.objectContaining({ type: 'customer', url: '/customers' })]);
  });

  it('customer analysis: nothing usable (every text invents a figure) shows the draft and says so', async () => {
    standIn.answer = () =>
      JSON.stringify({ summary: '顧客は 123456 人です。', insights: ['一万人を目指しましょう。'] });
    const analysis = await post(
      'analyzeCustomersForMarketing',
      '/api/marketing/customer-analysis',
      { segment_by: 'activity' },
      'offline',
    );
    expect(analysis.summary).toContain('つの層に分けました');
    expect(analysis.summary).toContain(NOTE);
    expect(JSON.stringify(analysis)).not.toContain('123456');
  });

  it('competitors: wording from the typed notes and this tenant’s passages; quotes and sources unchanged', async () => {
    const midoriAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const uploaded: Record<string, string> = {};
    for (const [who, token, text] of [
      ['sakura', admin, '近隣調査メモ\nみなと内科は駅前に移転し、夜 8 時まで診療している。\n'],
      ['midori', midoriAdmin, '競合メモ\nみなと内科は歯科を併設していない。みどりの極秘メモ。\n'],
    ] as const) {
      const response = await upload(server, token, [
        {
          field: 'file',
          name: `${who}-近隣調査.txt`,
          bytes: new TextEncoder().encode(text),
          type: 'text/plain',
        },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      uploaded[who] = response.json().id as string;
      await waitForDocument(server, token, uploaded[who] as string);
    }
    standIn.answer = () =>
      JSON.stringify({
        summary: 'みなと内科は駐車場と土日診療が強みで、待ち時間に不満の声があります。',
        competitors: [{ name: 'みなと内科', summary: '駅前で夜 8 時まで診療しています。' }],
        opportunities: ['待ち時間の短さを打ち出せます。'],
        threats: ['土日に受診したい方が流れる可能性があります。'],
        recommendations: ['女性医師が在籍していることを案内の最初に書きましょう。'],
        strengths: ['作られた強み'],
      });
    const analysis = await post(
      'analyzeCompetitors',
      '/api/marketing/competitor-analysis',
      {
        competitors: [
          { name: 'みなと内科', notes: '駐車場が広い。待ち時間が長いという口コミ。土日も診療。' },
        ],
        own_strengths: '女性医師が在籍',
      },
      'openai',
    );
    expect(analysis.summary).toBe('みなと内科は駐車場と土日診療が強みで、待ち時間に不満の声があります。');
    expect(analysis.competitors).toEqual([
      {
        name: 'みなと内科',
        summary: '駅前で夜 8 時まで診療しています。',
        strengths: ['駐車場が広い', '土日も診療'],
        weaknesses: ['待ち時間が長いという口コミ'],
      },
    ]);
    expect(analysis.recommendations).toEqual(['女性医師が在籍していることを案内の最初に書きましょう。']);
    const cited = analysis.sources.filter((s: { type: string }) => s.type !== 'user_input');
    expect(cited.map((s: { id: string }) => s.id)).toContain(uploaded.sakura);
    expect(cited.map((s: { id: string }) => s.id)).not.toContain(uploaded.midori);
    const prompt = JSON.stringify(standIn.chatRequests()[0]?.messages);
    expect(prompt).toContain('夜 8 時まで診療');
    expect(prompt).not.toContain('極秘');
    expect(prompt).not.toContain('歯科を併設していない');
  });

  it('calendar: the model writes each post idea; dates, channels and occasions stay the rules’', async () => {
    const body = {
      start_date: '2026-11-02',
      weeks: 2,
      posts_per_week: 2,
      channels: ['sns', 'line'] as Array<'sns' | 'line'>,
      themes: ['花粉症対策'],
    };
    const rules = planContentCalendarOffline(body);
    standIn.answer = (request) => {
      const draft = draftOf(request) as { ideas: Array<{ title: string }> };
      return JSON.stringify({
        ideas: draft.ideas.map((idea, index) => ({
          title: `【案${'ABCDEFGH'[index]}】${idea.title}`,
          outline: '受付でよくいただく質問に、やさしくお答えします。',
          hashtags: ['クリニック', '#お知らせ'],
        })),
      });
    };
    const calendar = await post('planContentCalendar', '/api/marketing/content-calendar', body, 'openai');
    const shape = (entries: Array<{ date: string; channel: string; occasion: string | null }>) =>
      entries.map(({ date, channel, occasion }) => [date, channel, occasion]);
    expect(shape(calendar.entries)).toEqual(shape(rules.entries));
    expect(calendar.sources).toEqual(rules.sources);
    const ideas = draftOf(standIn.chatRequests()[0] as StandInChatRequest).ideas as unknown[];
    // One idea per date and topic, written once for both channels.
    expect(ideas.length).toBe(rules.entries.length / 2);
    for (const entry of calendar.entries) {
      expect(entry.title).toMatch(/^【案[A-H]】/);
      expect(entry.outline).toBe('受付でよくいただく質問に、やさしくお答えします。');
      expect(entry.hashtags).toEqual(['#クリニック', '#お知らせ']);
    }
    const [first, second] = calendar.entries;
    expect(first.date).toBe(second.date);
    expect(first.title).toBe(second.title);
  });

  it('calendar: an unusable answer shows the rules’ calendar, mode offline', async () => {
    standIn.answer = () => 'カレンダーを作りました。';
    const body = { start_date: '2026-12-21', weeks: 1 };
    const calendar = await post('planContentCalendar', '/api/marketing/content-calendar', body, 'offline');
    const rules = planContentCalendarOffline(body);
    expect(calendar.entries).toEqual(rules.entries);
  });

  it('a provider failure answers 502 EXT_002; a spent budget AI_001 without calling the model', async () => {
    standIn.failNext(1, { kind: 'status', status: 500 });
    const failed = await server.send('POST', '/api/marketing/campaign-proposal', admin, {
      objective: '紹介を増やす',
    });
    expect(failed.statusCode).toBe(502);
    expectErrorEnvelope(failed.json(), 'EXT_002');

    standIn.answer = () => '';
    const empty = await server.send('POST', '/api/marketing/content-calendar', admin, {
      start_date: '2027-02-01',
    });
    expect(empty.statusCode).toBe(502);
    expectErrorEnvelope(empty.json(), 'EXT_002');

    standIn.requests.length = 0;
    await sql`update tenants set ai_daily_token_limit = 0 where id = ${SAKURA}`.execute(
      server.database.owner,
    );
    try {
      const spent = await server.send('POST', '/api/marketing/customer-analysis', admin, {});
      expect(spent.statusCode).toBe(429);
      expectErrorEnvelope(spent.json(), 'AI_001');
      expect(standIn.chatRequests()).toEqual([]);
    } finally {
      await sql`update tenants set ai_daily_token_limit = null where id = ${SAKURA}`.execute(
        server.database.owner,
      );
    }
  });

  it('no prompt of the file carries another tenant’s customers, products or documents', async () => {
    for (const request of standIn.chatRequests()) prompts.push(JSON.stringify(request.messages));
    expect(prompts.length).toBeGreaterThanOrEqual(8);
    const midori = await withTenant(server.database.owner, MIDORI, async (tx) => ({
      customers: await tx.selectFrom('customers').select(['last_name', 'first_name']).execute(),
      products: await tx.selectFrom('products').select(['description']).execute(),
    }));
    expect(midori.customers.length).toBeGreaterThan(0);
    expect(midori.products.filter((product) => product.description).length).toBeGreaterThan(0);
    const all = prompts.join('\n');
    for (const customer of midori.customers) {
      expect(all).not.toContain(`${customer.last_name} ${customer.first_name}`);
      expect(all).not.toContain(`${customer.last_name}${customer.first_name}`);
    }
    // Product names are common words (インフルエンザ予防接種); their descriptions are the tenant's own.
    for (const product of midori.products)
      if (product.description) expect(all).not.toContain(product.description);
    expect(all).not.toContain('極秘');
  });
});
