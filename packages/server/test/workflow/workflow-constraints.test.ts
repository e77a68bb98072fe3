/**
 * The workflow AI offline, through HTTP, on what a receptionist met: the constraint 「個人情報は紙に
 * 残さない」 restated in the proposal's last step must not be marked as personal data on paper (it
 * took the score from 78 to 58), negations of paper are not a use of it while real uses still are,
 * and the 時間 objective must shorten the total where a rule applies (53 → 53 before) or say why not.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract } from '../support/contract';
import { useSignedInServer } from '../support/server';

interface Step {
  order: number;
  title: string;
  description: string | null;
  owner_role: string | null;
  estimated_minutes: number | null;
  checks: string[];
}
interface Finding {
  step_order: number | null;
  severity: string;
  finding: string;
}

const GOAL = '初診の受付から会計までの待ち時間を短くしたい';
const CONSTRAINT = '個人情報は紙に残さない';

/** A proposal's steps as the screen sends them back (the contract's WorkflowStepInput). */
const asInput = (steps: Step[]) =>
  steps.map(({ title, description, owner_role, estimated_minutes, checks }) => ({
    title,
    description,
    owner_role,
    estimated_minutes,
    checks,
  }));
const total = (steps: Step[]) => steps.reduce((sum, step) => sum + (step.estimated_minutes ?? 0), 0);

describe('workflow: the user’s own constraint, and the time objective', () => {
  const ctx = useSignedInServer(DEMO_USERS.sakuraAdmin.email);

  const post = async (operation: string, url: string, body: object) => {
    const response = await ctx.server.send('POST', url, ctx.token, body);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract(operation, 200, response.json());
    return response.json();
  };
  const propose = async (constraints: string[]) =>
    (await post('createWorkflow', '/api/workflow/create', { goal: GOAL, constraints })).steps as Step[];
  const review = (steps: Step[] | object[]) =>
    post('reviewWorkflow', '/api/workflow/review', { workflow: { title: '初診受付', steps } });
  const criticalSteps = (findings: Finding[]) =>
    findings.filter((f) => f.severity === 'critical').map((f) => f.step_order);

  it('review: the check that restates the constraint is not paper; the score stays as without it', async () => {
    const constrained = await propose([CONSTRAINT]);
    const last = constrained.at(-1) as Step;
    expect(last.checks).toContain(`制約を守った: ${CONSTRAINT}`);
    const withConstraint = await review(asInput(constrained));
    const without = await review(asInput(await propose([])));
    expect(criticalSteps(withConstraint.findings)).not.toContain(last.order);
    expect(withConstraint.score).toBe(without.score);
    expect(withConstraint.score).toBe(78);
    // Step 2 does offer a paper questionnaire: still critical, and now against the constraint.
    const paper = withConstraint.findings.find((f: Finding) => f.severity === 'critical');
    expect(paper).toMatchObject({ step_order: 2 });
    expect(paper.finding).toContain(`制約「${CONSTRAINT}」とも合いません`);
  });

  it('review: paper under a negation is not a use of paper; a real use still is', async () => {
    const result = await review([
      {
        title: '問診の入力',
        description: '問診票は紙を使わず、患者がタブレットで入力する。',
        owner_role: '受付',
        estimated_minutes: 5,
        checks: ['カルテは紙に印刷しない', '個人情報は FAX で送らない'],
      },
      {
        title: '紹介状の送付',
        description: '患者の紹介状を FAX で送る。',
        owner_role: '事務',
        estimated_minutes: 5,
        checks: ['送信先'],
      },
      {
        title: '問診票の回収',
        description: '紙の問診票に記入してもらい未記入欄を残さない。',
        owner_role: '受付',
        estimated_minutes: 5,
        checks: ['未記入欄'],
      },
      { title: '最終確認', owner_role: '受付', estimated_minutes: 3, checks: ['記録'] },
    ]);
    expect(criticalSteps(result.findings)).toEqual([2, 3]);
  });

  it('optimize (時間): shortens what the rules can, and says by how much', async () => {
    const steps = await propose([CONSTRAINT]);
    expect(total(steps)).toBe(53);
    const optimized = await post('optimizeWorkflow', '/api/workflow/optimize', {
      workflow: { title: '初診受付', steps: asInput(steps) },
      objectives: ['time'],
    });
    const after = total(optimized.steps);
    expect(after).toBeLessThan(53);
    expect(optimized.summary).toContain(`目安の合計は 53 分から ${after} 分になります`);
    expect(optimized.summary).toContain(`${53 - after} 分短くなる見込み`);
    const automated = optimized.changes.find((c: { type: string }) => c.type === 'automate');
    expect(automated.description).toContain('ウェブ問診');
    expect(automated.expected_effect).toContain('10 分から 4 分');
    expect(automated.expected_effect).toContain('実測で確かめてください');
  });

  it('optimize (時間): says why the total cannot be shortened when no rule applies', async () => {
    const plain = [
      { title: '診察', owner_role: '医師', estimated_minutes: 15, checks: ['処方の確認'] },
      { title: '会計と最終確認', owner_role: '受付', estimated_minutes: 5, checks: ['領収書'] },
    ];
    const optimized = await post('optimizeWorkflow', '/api/workflow/optimize', {
      workflow: { title: '診察', steps: plain },
      objectives: ['time'],
    });
    expect(total(optimized.steps)).toBe(20);
    expect(optimized.summary).toContain('目安の合計 20 分は短くなりません');
    expect(optimized.summary).toContain('手順 1「診察」（15 分）');
    const untimed = await post('optimizeWorkflow', '/api/workflow/optimize', {
      workflow: { title: '診察', steps: plain.map((step) => ({ ...step, estimated_minutes: null })) },
      objectives: ['time'],
    });
    expect(untimed.summary).toContain('所要時間が入力された手順がないため');
  });
});
