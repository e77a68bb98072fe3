/**
 * Workflow AI: offline proposals from the template library (and an honest "none fits"), the
 * rule-based review with its score formula, the rule-based optimisation; with the OpenAI
 * stand-in, a well-formed JSON refinement is used and a malformed one falls back, saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectMatchesContract } from '../support/contract';
import type { OpenAiStandIn } from '../support/openai-stand-in';
import { type TestServer, useSignedInServer } from '../support/server';

const messy = {
  title: '健診結果の送付',
  steps: [
    { title: '結果票を印刷', owner_role: '事務', estimated_minutes: 10, checks: ['宛先'] },
    { title: '医師の確認', owner_role: '医師', estimated_minutes: 5, checks: ['判定'] },
    {
      title: '結果を紙で保管',
      description: '患者の結果を紙のまま棚に置く',
      owner_role: '事務',
      estimated_minutes: 5,
      checks: [],
    },
    { title: '結果票を印刷', owner_role: '事務', estimated_minutes: 10, checks: ['枚数'] },
    { title: '前日に確認の電話', owner_role: null, estimated_minutes: null, checks: [] },
    { title: '郵送', owner_role: '受付', estimated_minutes: 200, checks: ['切手'] },
  ],
};

describe('workflow', () => {
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

  it('create: picks the template by the goal words, constraints become notes and checks', async () => {
    const proposal = await post('createWorkflow', '/api/workflow/create', {
      goal: 'インフルエンザの予防接種の予約と問診を整えたい',
      constraints: ['個人情報は紙に残さない'],
    });
    expect(proposal.title).toBe('予防接種の予約と問診');
    expect(proposal.summary).toContain(
      '目的の「予防接種」「インフルエンザ」「接種」「問診」から、ひな形「予防接種の予約と問診」を選びました。',
    );
    expect(proposal.steps.map((s: { order: number }) => s.order)).toEqual([1, 2, 3, 4, 5]);
    for (const step of proposal.steps) {
      expect(step.owner_role).toBeTruthy();
      expect(step.checks.length).toBeGreaterThan(0);
    }
    expect(proposal.steps.at(-1).checks).toContain('制約を守った: 個人情報は紙に残さない');
    expect(proposal.notes.join('\n')).toContain('制約「個人情報は紙に残さない」');
    const minutes = proposal.steps.reduce(
      (sum: number, s: { estimated_minutes: number }) => sum + s.estimated_minutes,
      0,
    );
    expect(proposal.notes.join('\n')).toContain(`${minutes} 分`);
  });

  it('create: says so when no template fits', async () => {
    const proposal = await post('createWorkflow', '/api/workflow/create', {
      goal: '駐輪場の清掃当番を決めたい',
    });
    expect(proposal.summary).toContain('目的に合うひな形がありませんでした');
  });

  it('review: findings by rule, linked to steps, with the score formula', async () => {
    const review = await post('reviewWorkflow', '/api/workflow/review', { workflow: messy });
    const by = (severity: string) =>
      review.findings.filter((f: { severity: string }) => f.severity === severity);
    // Step 3 keeps patients' results on paper.
    expect(by('critical').map((f: { step_order: number }) => f.step_order)).toEqual([3]);
    const texts = review.findings.map(
      (f: { step_order: number | null; finding: string }) => `${f.step_order}:${f.finding}`,
    );
    expect(texts).toContain('5:「前日に確認の電話」の担当が決まっていません。');
    expect(texts).toContain('4:「結果票を印刷」は手順 1「結果票を印刷」と重複しているようです。');
    expect(texts).toContain('6:「郵送」は 200 分かかり、120 分を超えています。');
    expect(texts).toContain('null:最後に全体を確かめる手順（最終確認）がありません。');
    // 事務→医師→事務 (2), 事務→(none) and (none)→受付 are not hand-offs: 2 in all.
    expect(texts).toContain('null:担当の受け渡しが 2 回あります（6 手順、担当 3 種類）。');
    const [critical, warning, info] = [by('critical').length, by('warning').length, by('info').length];
    expect(review.score).toBe(Math.max(0, 100 - 20 * critical - 8 * warning - 2 * info));
    expect(review.summary).toContain(`${review.score} 点`);
    // Critical first.
    expect(review.findings[0].severity).toBe('critical');
  });

  it('review: the focus keeps only its rules', async () => {
    const review = await post('reviewWorkflow', '/api/workflow/review', {
      workflow: messy,
      focus: ['compliance'],
    });
    expect(
      review.findings.some((f: { finding: string }) => f.finding.includes('担当が決まっていません')),
    ).toBe(false);
    expect(review.findings.some((f: { severity: string }) => f.severity === 'critical')).toBe(true);
    expect(review.summary).toContain('観点（法令順守）');
  });

  it('optimize: merges the duplicate, automates the reminder, adds checks and a final check', async () => {
    const optimized = await post('optimizeWorkflow', '/api/workflow/optimize', { workflow: messy });
    const types = optimized.changes.map((c: { type: string }) => c.type);
    expect(types).toContain('merge');
    expect(types).toContain('automate');
    expect(types).toContain('add');
    const titles = optimized.steps.map((s: { title: string }) => s.title);
    expect(titles.filter((t: string) => t === '結果票を印刷')).toHaveLength(1);
    expect(titles.at(-1)).toBe('最終確認');
    expect(optimized.steps[0].checks).toEqual(['宛先', '枚数']);
    for (const step of optimized.steps) expect(step.checks.length).toBeGreaterThan(0);
    expect(optimized.steps.map((s: { order: number }) => s.order)).toEqual(
      titles.map((_: string, i: number) => i + 1),
    );
    expect(optimized.summary).toContain(`手順は 6 から ${titles.length} に`);
  });

  it('validation: an empty workflow is refused', async () => {
    const response = await ctx.server.send('POST', '/api/workflow/review', ctx.token, {
      workflow: { title: 'x', steps: [] },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('workflow with the OpenAI stand-in', () => {
  let standIn: OpenAiStandIn;
  let ai: AiTestServer;
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    ai = await startAiTestServer({ maxRetries: 0 });
    ({ server, standIn } = ai);
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await ai.close();
  });

  it('uses a well-formed JSON refinement; the prompt holds only the user input', async () => {
    standIn.answer = (request) => {
      const draft = JSON.parse(
        (request.messages.at(-1)?.content ?? '').split('規則で作った案:\n')[1] ?? '{}',
      );
      return JSON.stringify({ ...draft, summary: '院内の人数に合わせて直しました。' });
    };
    const response = await server.send('POST', '/api/workflow/review', admin, { workflow: messy });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('reviewWorkflow', 200, response.json());
    expect(response.json().mode).toBe('openai');
    expect(response.json().summary).toBe('院内の人数に合わせて直しました。');
    const prompt = JSON.stringify(standIn.chatRequests().at(-1)?.messages);
    expect(prompt).toContain('結果票を印刷');
    // Stateless: nothing of the tenant's records (no customer names) goes to the model.
    expect(prompt).not.toMatch(/customer|顧客名/);
  });

  it('falls back to the rule-based answer on malformed JSON and says so', async () => {
    standIn.answer = () => '{"steps": "not a list"';
    const response = await server.send('POST', '/api/workflow/optimize', admin, { workflow: messy });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mode).toBe('offline');
    expect(response.json().summary).toContain(
      'AI の回答を読み取れなかったため、規則で作った案を表示しています。',
    );
  });

  it('a provider failure answers EXT_002/EXT_001', async () => {
    standIn.failNext(1, { kind: 'status', status: 500 });
    const response = await server.send('POST', '/api/workflow/create', admin, { goal: '受付を早くしたい' });
    expect([502, 503]).toContain(response.statusCode);
    expect(['EXT_001', 'EXT_002']).toContain(response.json().error.code);
  });
});
