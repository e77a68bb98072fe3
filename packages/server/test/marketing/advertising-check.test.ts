/**
 * The advertising check (医療広告ガイドライン) over HTTP, offline, against the real server: each
 * finding's offsets highlight exactly its quote in the text as typed (full width, half-width kana),
 * hedged disclaimers are not claims, the explanation the guideline requires lifts a rule, and the
 * campaign and calendar drafts carry the findings of their own wording.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract } from '../support/contract';
import { useSignedInServer } from '../support/server';

interface Finding {
  field: string;
  start: number;
  end: number;
  quote: string;
  category: string;
  rule_id: string | null;
  reason: string;
  suggestion: string;
  origin: string;
}

describe('advertising check', () => {
  const ctx = useSignedInServer(DEMO_USERS.sakuraAdmin.email);

  const check = async (text: string) => {
    const response = await ctx.server.send('POST', '/api/marketing/advertising-check', ctx.token, { text });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('checkAdvertising', 200, response.json());
    expect(response.json().mode).toBe('offline');
    return response.json().findings as Finding[];
  };

  it('names each unlawful phrase with its category, reason and suggestion, at its place in the text', async () => {
    const text = '地域ＮＯ．１の実績！ 当院の治療で必ず治ります。今だけ初診料が無料、患者様の声も多数。';
    const findings = await check(text);
    expect(findings.map((f) => [f.category, f.quote])).toEqual([
      ['comparative', 'ＮＯ．１'],
      ['exaggerated', '必ず治'],
      ['price_emphasis', '今だけ'],
      ['price_emphasis', '初診料が無料'],
      ['testimonial', '患者様の声'],
    ]);
    for (const finding of findings) {
      expect(text.slice(finding.start, finding.end)).toBe(finding.quote);
      expect(finding).toMatchObject({ field: 'text', origin: 'rules' });
      expect(finding.rule_id).toBeTruthy();
      expect(finding.reason).toMatch(/ガイドライン/);
      expect(finding.suggestion.length).toBeGreaterThan(10);
    }
  });

  it('folds width and kana: half-width katakana is found and highlighted as typed', async () => {
    const text = '当院のﾋﾞﾌｫｰｱﾌﾀｰをご覧ください';
    const [finding] = await check(text);
    expect(finding?.category).toBe('before_after');
    expect(finding?.quote).toBe('ﾋﾞﾌｫｰｱﾌﾀｰ');
    expect(text.slice(finding?.start, finding?.end)).toBe('ﾋﾞﾌｫｰｱﾌﾀｰ');
  });

  it('a hedge on the claim is a disclaimer; a plain negative is still a claim', async () => {
    expect(await check('どの治療も絶対に安全とは言えません。')).toEqual([]);
    expect(await check('この治療で必ず治るわけではありません。')).toEqual([]);
    const claim = await check('絶対に痛くありません。');
    expect(claim.map((f) => f.category)).toEqual(['exaggerated']);
  });

  it('the explanation the guideline requires lifts the rule (限定解除, before/after photos)', async () => {
    expect((await check('インプラント治療を行っています。')).map((f) => f.category)).toEqual([
      'limited_exemption',
    ]);
    expect(
      await check(
        'インプラント治療（自由診療）は1本38万円（税込）です。主なリスク・副作用として腫れや痛みが出ることがあります。詳しくはお電話でご相談ください。',
      ),
    ).toEqual([]);
  });

  it('a lawful announcement has no finding', async () => {
    expect(await check('当院は完全予約制です。駐車場は無料でご利用いただけます。')).toEqual([]);
  });

  it('campaign drafts carry the findings of their own wording, by field', async () => {
    const response = await ctx.server.send('POST', '/api/marketing/campaign-proposal', ctx.token, {
      objective: '今だけ無料の日本一の健診で来院を増やす',
    });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('proposeCampaign', 200, response.json());
    const proposal = response.json();
    const findings = proposal.advertising_findings as Finding[];
    const inTitle = findings.filter((f) => f.field === 'title');
    expect(inTitle.map((f) => f.category).sort()).toEqual(['comparative', 'price_emphasis']);
    for (const finding of findings) {
      const text = finding.field === 'title' ? proposal.title : proposal.summary;
      expect(text.slice(finding.start, finding.end)).toBe(finding.quote);
    }
    const lawful = await ctx.server.send('POST', '/api/marketing/campaign-proposal', ctx.token, {
      objective: '休眠患者の再来院を増やす',
    });
    expect(lawful.json().advertising_findings).toEqual([]);
  });

  it('calendar entries carry the findings of their title, outline and hashtags', async () => {
    const response = await ctx.server.send('POST', '/api/marketing/content-calendar', ctx.token, {
      start_date: '2027-03-01',
      weeks: 1,
      posts_per_week: 2,
      themes: ['日本一の花粉症治療'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('planContentCalendar', 200, response.json());
    const entries = response.json().entries as Array<{ title: string; advertising_findings: Finding[] }>;
    const themed = entries.filter((entry) => entry.title === '日本一の花粉症治療');
    expect(themed.length).toBeGreaterThan(0);
    for (const entry of themed) {
      expect(entry.advertising_findings.map((f) => [f.field, f.quote])).toEqual([
        ['title', '日本一'],
        ['outline', '日本一'],
        ['hashtags.0', '日本一'],
      ]);
    }
    for (const entry of entries.filter((e) => e.title !== '日本一の花粉症治療'))
      expect(entry.advertising_findings).toEqual([]);
  });
});
