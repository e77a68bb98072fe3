/**
 * Marketing AI offline against the real database: every count of the customer analysis is
 * recounted here with SQL of its own (the period starts at the tenant's local midnight), the
 * campaign's KPIs follow the counted target, competitors cite only what was typed and the tenant's
 * own documents, the calendar carries Japanese holidays and clinic seasons.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { upload, waitForDocument } from '../documents/support';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { useSignedInServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;
const MIDORI = DEMO_TENANTS.midori.id;

interface Analysis {
  mode: string;
  total_customers: number;
  summary: string;
  segments: Array<{ label: string; customer_count: number; share: number; characteristics: string[] }>;
  insights: string[];
  sources: Array<{ type: string; url: string | null }>;
}

describe('marketing', () => {
  const ctx = useSignedInServer(DEMO_USERS.sakuraAdmin.email);

  const post = async (operation: string, url: string, body: object) => {
    const response = await ctx.server.send('POST', url, ctx.token, body);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract(operation, 200, response.json());
    const json = response.json();
    expect(json.mode).toBe('offline');
    expect(json.sources.length).toBeGreaterThan(0);
    return json;
  };
  const analyze = (body: object) =>
    post('analyzeCustomersForMarketing', '/api/marketing/customer-analysis', body) as Promise<Analysis>;

  /** One count, straight from the tables, in さくら's transaction. */
  const count = (tenantId: string, where: ReturnType<typeof sql>, days = 90) =>
    withTenant(ctx.server.database.owner, tenantId, async (tx) => {
      const rows = await sql<{ n: string }>`
        with since as (select (((now() at time zone 'Asia/Tokyo')::date - ${days - 1}::int)::timestamp at time zone 'Asia/Tokyo') as t),
        c as (
          select cu.*, (select count(*) from interactions i, since where i.customer_id = cu.id and i.created_at >= since.t) as recent,
                 (select min(created_at) from interactions i where i.customer_id = cu.id) as first_at,
                 cu.created_at >= (select t from since) as registered_recently,
                 (select t from since) as since
          from customers cu where cu.tenant_id = ${tenantId} and cu.deleted_at is null)
        select count(*) as n from c where ${where}`.execute(tx);
      return Number(rows.rows[0]?.n);
    });
  const segment = (analysis: Analysis, label: string) =>
    analysis.segments.find((s) => s.label === label)?.customer_count ?? 0;

  it('activity: every segment and the total equal an SQL count; shares and sentences quote them', async () => {
    const analysis = await analyze({ segment_by: 'activity', period_days: 90 });
    const total = await count(SAKURA, sql`true`);
    expect(total).toBeGreaterThan(0);
    expect(analysis.total_customers).toBe(total);
    const frequent = await count(SAKURA, sql`recent >= 3`);
    const occasional = await count(SAKURA, sql`recent between 1 and 2`);
    const lapsed = await count(SAKURA, sql`recent = 0 and first_at is not null`);
    const never = await count(SAKURA, sql`first_at is null`);
    expect(segment(analysis, '期間内に 3 回以上対応')).toBe(frequent);
    expect(segment(analysis, '期間内に 1〜2 回対応')).toBe(occasional);
    expect(segment(analysis, '期間内は対応なし（以前はあり）')).toBe(lapsed);
    expect(segment(analysis, '対応の記録なし')).toBe(never);
    expect(frequent + occasional + lapsed + never).toBe(total);
    for (const s of analysis.segments) expect(s.share).toBeCloseTo(s.customer_count / total, 5);
    if (lapsed + never > 0)
      expect(analysis.insights.join('\n')).toContain(`対応のない顧客が ${lapsed + never} 人`);
    expect(analysis.sources[0]).toMatchObject({ type: 'customer', url: '/customers' });
  });

  it('lifecycle: new and returning equal SQL counts in a shorter period', async () => {
    const analysis = await analyze({ segment_by: 'lifecycle', period_days: 30 });
    const fresh = await count(SAKURA, sql`registered_recently or first_at >= since`, 30);
    const returning = await count(
      SAKURA,
      sql`not registered_recently and first_at < since and recent >= 1`,
      30,
    );
    expect(segment(analysis, '新規（期間内に登録または初回の対応）')).toBe(fresh);
    expect(segment(analysis, 'リピート（以前からの顧客で期間内に対応あり）')).toBe(returning);
    expect(analysis.insights.join('\n')).toContain(`新規は ${fresh} 人、リピートは ${returning} 人`);
  });

  it('prefecture, company and tags: counts per value equal SQL; a tag filter narrows the population', async () => {
    const byPrefecture = await analyze({ segment_by: 'prefecture' });
    for (const s of byPrefecture.segments) {
      const where = s.label === '都道府県の登録なし' ? sql`prefecture is null` : sql`prefecture = ${s.label}`;
      expect(s.customer_count, s.label).toBe(await count(SAKURA, where));
    }
    const byCompany = await analyze({ segment_by: 'company' });
    expect(segment(byCompany, '会社・団体の登録あり')).toBe(
      await count(SAKURA, sql`nullif(trim(company_name), '') is not null`),
    );
    const byTag = await analyze({ segment_by: 'tags' });
    const tagged = byTag.segments.filter((s) => s.label.startsWith('タグ「'));
    expect(tagged.length).toBeGreaterThan(0);
    for (const s of tagged) {
      const tag = s.label.slice(3, -1);
      expect(s.customer_count, tag).toBe(await count(SAKURA, sql`${tag} = any(tags)`));
    }
    const first = tagged[0]?.label.slice(3, -1) as string;
    const narrowed = await analyze({ segment_by: 'activity', tags: [first] });
    expect(narrowed.total_customers).toBe(await count(SAKURA, sql`${first} = any(tags)`));
  });

  it('age and gender: decades by the age on the tenant’s today and genders, each equal to SQL', async () => {
    const byAge = await analyze({ segment_by: 'age' });
    const decades = byAge.segments.map((s) => s.label);
    expect(decades.length).toBeGreaterThan(2);
    // In age order, 「生年月日の登録なし」 (if any) last.
    const order = ['10歳未満', '10代', '20代', '30代', '40代', '50代', '60代', '70代', '80代', '90歳以上'];
    const known = decades.filter((label) => label !== '生年月日の登録なし');
    expect(known).toEqual([...known].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    for (const s of byAge.segments) {
      const decade = order.indexOf(s.label) * 10;
      const age = sql`extract(year from age((now() at time zone 'Asia/Tokyo')::date, birth_date))`;
      const where =
        s.label === '生年月日の登録なし'
          ? sql`birth_date is null`
          : s.label === '90歳以上'
            ? sql`${age} >= 90`
            : sql`${age} >= ${decade} and ${age} < ${decade + 10}`;
      expect(s.customer_count, s.label).toBe(await count(SAKURA, where));
    }
    expect(byAge.segments.reduce((sum, s) => sum + s.customer_count, 0)).toBe(byAge.total_customers);
    expect(byAge.summary).toContain('「年代」');
    const largest = Math.max(...byAge.segments.map((s) => s.customer_count));
    const first = byAge.segments.find((s) => s.customer_count === largest);
    expect(byAge.insights[0]).toContain(`最も多いのは「${first?.label}」で ${largest} 人`);

    const byGender = await analyze({ segment_by: 'gender' });
    expect(byGender.segments.reduce((sum, s) => sum + s.customer_count, 0)).toBe(byGender.total_customers);
    expect(segment(byGender, '性別の登録なし')).toBe(await count(SAKURA, sql`gender is null`));
    expect(byGender.insights.join('\n')).toContain('性別の登録がない顧客が');
  });

  it('campaign: a decade from the analysis (「30代」) or a gender is the target, counted as SQL does', async () => {
    const age = sql`extract(year from age((now() at time zone 'Asia/Tokyo')::date, birth_date))`;
    const thirties = await count(SAKURA, sql`${age} >= 30 and ${age} <= 39`);
    expect(thirties).toBeGreaterThan(0);
    const proposal = await post('proposeCampaign', '/api/marketing/campaign-proposal', {
      objective: '健康診断の受診を増やす',
      target: '30代',
    });
    expect(proposal.target).toBe(`30代の顧客（${thirties} 人）`);
    const women = await post('proposeCampaign', '/api/marketing/campaign-proposal', {
      objective: '乳がん検診の案内',
      target: '40歳以上の女性',
    });
    const older = await count(SAKURA, sql`${age} >= 40 and gender = 'female'`);
    expect(women.target).toBe(`40歳以上女性の顧客（${older} 人）`);
  });

  it("never counts another tenant's customers", async () => {
    const sakura = await analyze({ segment_by: 'company' });
    const midoriTotal = await count(MIDORI, sql`true`);
    const sakuraTotal = await count(SAKURA, sql`true`);
    expect(midoriTotal).toBeGreaterThan(0);
    expect(sakura.total_customers).toBe(sakuraTotal);
    const midoriAdmin = (await ctx.server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const response = await ctx.server.send('POST', '/api/marketing/customer-analysis', midoriAdmin, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total_customers).toBe(midoriTotal);
  });

  it('validation answers 422 with the field', async () => {
    const response = await ctx.server.send('POST', '/api/marketing/customer-analysis', ctx.token, {
      period_days: 3,
    });
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'VAL_001');
    expect(response.json().error.validation_errors).toEqual([
      { field: 'period_days', message: '7以上の値を入力してください' },
    ]);
  });

  it('campaign: the target is counted, KPIs are ceil(N×10%) and ceil(N×5%), cost is the budget', async () => {
    const tag = (
      await withTenant(ctx.server.database.owner, SAKURA, (tx) =>
        sql<{
          tag: string;
        }>`select unnest(tags) as tag from customers where tenant_id = ${SAKURA} and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`.execute(
          tx,
        ),
      )
    ).rows[0]?.tag as string;
    const n = await count(SAKURA, sql`${tag} = any(tags)`);
    const proposal = await post('proposeCampaign', '/api/marketing/campaign-proposal', {
      objective: '再来院を増やす',
      target: `${tag}の方`,
      channels: ['email', 'line'],
      start_date: '2027-01-04',
      end_date: '2027-01-31',
      budget_yen: 30000,
    });
    expect(proposal.target).toBe(`タグ「${tag}」の顧客（${n} 人）`);
    expect(proposal.kpis.map((k: { target: string }) => k.target)).toEqual([
      `${n} 人（対象の全員）`,
      `${Math.ceil(n * 0.1)} 人（対象 ${n} 人の 10%、切り上げ）`,
      `${Math.ceil(n * 0.05)} 人（対象 ${n} 人の 5%、切り上げ）`,
    ]);
    expect(proposal.estimated_cost_yen).toBe(30000);
    expect(proposal.phases[0].start_date).toBe('2027-01-04');
    expect(proposal.phases[2].end_date).toBe('2027-01-31');
    for (const phase of proposal.phases) expect(phase.start_date <= phase.end_date).toBe(true);
    expect(proposal.phases[1].actions.join('\n')).toContain('LINE');
    const customers = proposal.sources.filter((s: { type: string }) => s.type === 'customer');
    expect(customers.length).toBe(Math.min(3, n));

    const dormant = await post('proposeCampaign', '/api/marketing/campaign-proposal', {
      objective: '1 年以上来院のない方に再来院を促す',
    });
    const inactive = await count(
      SAKURA,
      sql`not exists (select 1 from interactions i where i.customer_id = c.id and i.created_at >= since)`,
      365,
    );
    expect(dormant.target).toBe(`直近 365 日に対応のない顧客（${inactive} 人）`);
    expect(dormant.estimated_cost_yen).toBeNull();
    expect(dormant.summary).toContain('予算が入力されていないため');
  });

  it('competitors: only the typed notes and this tenant’s documents, cited', async () => {
    // The same competitor in both tenants' documents: only さくら's may be cited to さくら.
    const midoriAdmin = (await ctx.server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const uploaded: Record<string, string> = {};
    for (const [who, token, text] of [
      ['sakura', ctx.token, '近隣調査メモ\nみなと内科は駅前に移転し、夜 8 時まで診療している。\n'],
      ['midori', midoriAdmin, '競合メモ\nみなと内科は歯科を併設していない。みどりの極秘メモ。\n'],
    ] as const) {
      const response = await upload(ctx.server, token, [
        {
          field: 'file',
          name: `${who}-近隣調査.txt`,
          bytes: new TextEncoder().encode(text),
          type: 'text/plain',
        },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      uploaded[who] = response.json().id as string;
      await waitForDocument(ctx.server, token, uploaded[who] as string);
    }
    const analysis = await post('analyzeCompetitors', '/api/marketing/competitor-analysis', {
      competitors: [{ name: 'みなと内科', notes: '駐車場が広い。待ち時間が長いという口コミ。土日も診療。' }],
      own_strengths: '女性医師が在籍',
    });
    const profile = analysis.competitors[0];
    expect(profile.strengths).toEqual(['駐車場が広い', '土日も診療']);
    expect(profile.weaknesses).toEqual(['待ち時間が長いという口コミ']);
    expect(analysis.opportunities[0]).toContain('待ち時間が長いという口コミ');
    expect(analysis.recommendations[0]).toContain('女性医師が在籍');
    expect(analysis.summary).toContain('外部の情報は足していません');
    expect(analysis.sources[0]).toMatchObject({
      type: 'user_input',
      title: '入力された「みなと内科」の情報',
    });
    const cited = analysis.sources.filter((s: { type: string }) => s.type !== 'user_input');
    expect(cited.map((source: { id: string }) => source.id)).toContain(uploaded.sakura);
    expect(cited.map((source: { id: string }) => source.id)).not.toContain(uploaded.midori);
    expect(JSON.stringify(analysis)).not.toContain('極秘');
    for (const source of cited) {
      const table = source.type === 'document' ? 'documents' : 'knowledge_documents';
      const owner = await ctx.server.database.owner
        .selectFrom(table as 'documents')
        .select('tenant_id')
        .where('id', '=', source.id)
        .executeTakeFirst();
      expect(owner?.tenant_id).toBe(SAKURA);
    }
  });

  it('competitors: a member who may not open documents gets no passage from them', async () => {
    // The document of the test above names みなと内科; this member may use AI but not documents.
    const email = 'marketing-only@sakura-clinic.example';
    await createUser(ctx.server.database.owner, {
      email,
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['ai.use'] }],
    });
    const member = (await ctx.server.signIn(email)).access_token;
    const response = await ctx.server.send('POST', '/api/marketing/competitor-analysis', member, {
      competitors: [{ name: 'みなと内科', notes: '駐車場が広い。' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const analysis = response.json();
    expect(analysis.sources.map((source: { type: string }) => source.type)).toEqual(['user_input']);
    expect(JSON.stringify(analysis)).not.toContain('夜 8 時');
  });

  it('calendar: holidays from the package, clinic seasons, posts per week per channel, sorted', async () => {
    const calendar = await post('planContentCalendar', '/api/marketing/content-calendar', {
      start_date: '2026-11-02',
      weeks: 2,
      posts_per_week: 2,
      channels: ['sns', 'line'],
      themes: ['花粉症対策'],
    });
    expect(calendar.entries).toHaveLength(2 * 2 * 2);
    const dates = calendar.entries.map((e: { date: string }) => e.date);
    expect([...dates].sort()).toEqual(dates);
    for (const date of dates) expect(date >= '2026-11-02' && date <= '2026-11-15').toBe(true);
    // 2026-11-03 is 文化の日: announced the day before.
    const culture = calendar.entries.filter((e: { occasion: string | null }) => e.occasion === '文化の日');
    expect(culture.map((e: { date: string; channel: string }) => [e.date, e.channel])).toEqual([
      ['2026-11-02', 'sns'],
      ['2026-11-02', 'line'],
    ]);
    const occasions = new Set(calendar.entries.map((e: { occasion: string | null }) => e.occasion));
    expect(occasions.has('インフルエンザ予防接種の時期')).toBe(true);
    for (const entry of calendar.entries) for (const tag of entry.hashtags) expect(tag).toMatch(/^#\S+$/);
  });
});
