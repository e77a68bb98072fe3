import type { components } from '@tsumiki/api-client/schema';
import { paperConstraintOf, paperWithPersonalData } from './workflow.privacy';
import { fold } from './workflow.text';

type Schemas = components['schemas'];
export type WorkflowStep = Schemas['WorkflowStep'];
export type WorkflowInput = Schemas['WorkflowInput'];
export type WorkflowFinding = Schemas['WorkflowFinding'];
export type WorkflowChange = Schemas['WorkflowChange'];
type Focus = Schemas['WorkflowReviewFocus'];

/** A step this long (minutes) is flagged as worth splitting. */
export const LONG_STEP_MINUTES = 120;
/** Points taken from 100 per finding, by severity. */
export const PENALTY = { critical: 20, warning: 8, info: 2 } as const;

const FINAL_CHECK_WORDS = ['最終確認', '確認', 'チェック', '点検', '記録'];

function bigrams(text: string): Set<string> {
  const compact = fold(text).replace(/[\s・、。()（）「」]/g, '');
  const grams = new Set<string>();
  for (let i = 0; i < compact.length - 1; i += 1) grams.add(compact.slice(i, i + 2));
  if (compact.length === 1) grams.add(compact);
  return grams;
}

/** Same or near-same titles: equal after folding, or bigram overlap (Dice) of at least 0.8. */
export function similarTitles(a: string, b: string): boolean {
  if (fold(a).replace(/\s/g, '') === fold(b).replace(/\s/g, '')) return true;
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.size === 0 || y.size === 0) return false;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared += 1;
  return (2 * shared) / (x.size + y.size) >= 0.8;
}

/** The steps as the contract's WorkflowStep (orders renumbered from 1). */
export function normalizeSteps(steps: WorkflowInput['steps']): WorkflowStep[] {
  return steps.map((step, index) => ({
    order: index + 1,
    title: step.title,
    description: step.description ?? null,
    owner_role: step.owner_role?.trim() ? step.owner_role.trim() : null,
    estimated_minutes: step.estimated_minutes ?? null,
    checks: [...(step.checks ?? [])],
    tools: [...((step as { tools?: string[] }).tools ?? [])],
  }));
}

/** Consecutive steps whose known owners differ. */
export function countHandoffs(steps: readonly WorkflowStep[]): number {
  let handoffs = 0;
  for (let i = 1; i < steps.length; i += 1) {
    const before = steps[i - 1]?.owner_role;
    const after = steps[i]?.owner_role;
    if (before && after && before !== after) handoffs += 1;
  }
  return handoffs;
}

/** Index pairs [first, later] of steps with the same or near-same title. */
export function duplicatePairs(steps: readonly WorkflowStep[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < steps.length; i += 1)
    for (let j = i + 1; j < steps.length; j += 1)
      if (similarTitles(steps[i]?.title ?? '', steps[j]?.title ?? '')) pairs.push([i, j]);
  return pairs;
}

export function hasFinalCheck(steps: readonly WorkflowStep[]): boolean {
  const last = steps.at(-1);
  return last ? FINAL_CHECK_WORDS.some((word) => fold(last.title).includes(fold(word))) : false;
}

interface Rule {
  focus: readonly Focus[];
  findings: WorkflowFinding[];
}

/** Every rule's findings; `focus` keeps the rules of those viewpoints (none = all). */
export function reviewSteps(steps: readonly WorkflowStep[], focus: readonly Focus[] = []) {
  const rules: Rule[] = [];
  const add = (focusOf: readonly Focus[], findings: WorkflowFinding[]) =>
    rules.push({ focus: focusOf, findings });

  add(
    ['risk'],
    steps
      .filter((step) => !step.owner_role)
      .map((step) => ({
        step_order: step.order,
        severity: 'warning',
        finding: `「${step.title}」の担当が決まっていません。`,
        recommendation: '担当の役割（受付・看護師など）を決め、抜け漏れの責任をはっきりさせてください。',
      })),
  );
  add(
    ['risk', 'compliance'],
    steps
      .filter((step) => step.checks.length === 0)
      .map((step) => ({
        step_order: step.order,
        severity: 'info',
        finding: `「${step.title}」に確認事項がありません。`,
        recommendation: 'この手順が正しく終わったと判断できる確認事項を 1 つ以上書いてください。',
      })),
  );
  add(
    ['efficiency', 'cost'],
    steps
      .filter((step) => step.estimated_minutes === null)
      .map((step) => ({
        step_order: step.order,
        severity: 'info',
        finding: `「${step.title}」の所要時間がありません。`,
        recommendation: '目安の分数を入れると、全体の時間と改善の効果を比べられます。',
      })),
  );
  add(
    ['efficiency', 'cost'],
    steps
      .filter((step) => (step.estimated_minutes ?? 0) > LONG_STEP_MINUTES)
      .map((step) => ({
        step_order: step.order,
        severity: 'warning',
        finding: `「${step.title}」は ${step.estimated_minutes} 分かかり、${LONG_STEP_MINUTES} 分を超えています。`,
        recommendation: '途中の確認点で手順を分けると、進み具合と滞りが見えるようになります。',
      })),
  );
  add(
    ['efficiency', 'cost'],
    duplicatePairs(steps).map(([first, later]) => ({
      step_order: steps[later]?.order ?? null,
      severity: 'warning',
      finding: `「${steps[later]?.title}」は手順 ${steps[first]?.order}「${steps[first]?.title}」と重複しているようです。`,
      recommendation: '同じ作業を 2 回していないか確かめ、1 つにまとめてください。',
    })),
  );
  const handoffs = countHandoffs(steps);
  const owners = new Set(steps.map((step) => step.owner_role).filter(Boolean)).size;
  if (handoffs > 0)
    add(
      ['efficiency'],
      [
        {
          step_order: null,
          severity: handoffs > steps.length / 2 ? 'warning' : 'info',
          finding: `担当の受け渡しが ${handoffs} 回あります（${steps.length} 手順、担当 ${owners} 種類）。`,
          recommendation:
            handoffs > steps.length / 2
              ? '受け渡しのたびに待ちと伝え漏れが起きます。同じ担当の手順を続けられないか見直してください。'
              : '受け渡しの際に伝える内容（申し送り）を決めておくと安心です。',
        },
      ],
    );
  // Text that restates or obeys a constraint (「制約を守った: 個人情報は紙に残さない」) is not a use of
  // paper; a step that does use it, against such a constraint, is told so.
  const constraint = paperConstraintOf(steps);
  add(
    ['compliance', 'risk'],
    steps.flatMap((step) => {
      const word = paperWithPersonalData(step);
      return word
        ? [
            {
              step_order: step.order,
              severity: 'critical' as const,
              finding: `「${step.title}」で個人情報を「${word}」で扱っています。${constraint ? `制約「${constraint}」とも合いません。` : ''}`,
              recommendation: constraint
                ? '紙・FAX・持ち出し媒体を使わない電子の手段（タブレット・暗号化した送信など）に置き換えてください。'
                : '紙・FAX・持ち出し媒体は施錠保管と裁断を決めるか、暗号化した電子の手段に置き換えてください。',
            },
          ]
        : [];
    }),
  );
  if (steps.length > 0 && !hasFinalCheck(steps))
    add(
      ['risk', 'compliance'],
      [
        {
          step_order: null,
          severity: 'warning',
          finding: '最後に全体を確かめる手順（最終確認）がありません。',
          recommendation: '最後に「最終確認」の手順を置き、記録と未処理がないかを確かめてください。',
        },
      ],
    );

  const chosen =
    focus.length === 0 ? rules : rules.filter((rule) => rule.focus.some((f) => focus.includes(f)));
  const order = { critical: 0, warning: 1, info: 2 } as const;
  const findings = chosen
    .flatMap((rule) => rule.findings)
    .sort((a, b) => order[a.severity] - order[b.severity] || (a.step_order ?? 0) - (b.step_order ?? 0));
  const count = (severity: WorkflowFinding['severity']) =>
    findings.filter((f) => f.severity === severity).length;
  const counts = { critical: count('critical'), warning: count('warning'), info: count('info') };
  const score = Math.max(
    0,
    100 - PENALTY.critical * counts.critical - PENALTY.warning * counts.warning - PENALTY.info * counts.info,
  );
  return { findings, counts, score, handoffs };
}
