import type { components } from '@tsumiki/api-client/schema';

type Schemas = components['schemas'];
export type WorkflowStep = Schemas['WorkflowStep'];
export type WorkflowInput = Schemas['WorkflowInput'];
export type WorkflowFinding = Schemas['WorkflowFinding'];
export type WorkflowChange = Schemas['WorkflowChange'];
type Focus = Schemas['WorkflowReviewFocus'];
type Objective = Schemas['WorkflowObjective'];

/** A step this long (minutes) is flagged as worth splitting. */
export const LONG_STEP_MINUTES = 120;
/** Points taken from 100 per finding, by severity. */
export const PENALTY = { critical: 20, warning: 8, info: 2 } as const;

const FINAL_CHECK_WORDS = ['最終確認', '確認', 'チェック', '点検', '記録'];
const PAPER_WORDS = [
  '紙',
  'fax',
  'ファックス',
  'ファクス',
  'usb',
  '平文',
  '暗号化なし',
  '暗号化しない',
  '私用',
  '個人のスマホ',
  'メモ',
];
const PERSONAL_WORDS = [
  '個人情報',
  '氏名',
  '住所',
  'カルテ',
  '保険証',
  '電話番号',
  '結果',
  '患者',
  '問診',
  '生年月日',
  '病歴',
];
const AUTOMATABLE = [
  {
    words: ['リマインド', '前日', '確認の連絡', '確認の電話', '電話で確認'],
    how: '予約の前日に自動でメール・SMS を送る',
  },
  {
    words: ['問診票', '記入', '転記', '手入力', '書き写'],
    how: 'ウェブ問診で事前に入力してもらい、転記をなくす',
  },
  { words: ['送付', '郵送', '案内'], how: '案内文をひな形にして、一斉にメール送信する' },
];

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function stepText(step: { title: string; description?: string | null; checks?: readonly string[] }): string {
  return fold([step.title, step.description ?? '', ...(step.checks ?? [])].join(' '));
}

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

function handlesPersonalDataUnsafely(step: WorkflowStep): string | null {
  const text = stepText(step);
  const paper = PAPER_WORDS.find((word) => text.includes(fold(word)));
  const personal = PERSONAL_WORDS.some((word) => text.includes(fold(word)));
  return paper && personal ? paper : null;
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
  add(
    ['compliance', 'risk'],
    steps.flatMap((step) => {
      const word = handlesPersonalDataUnsafely(step);
      return word
        ? [
            {
              step_order: step.order,
              severity: 'critical' as const,
              finding: `「${step.title}」で個人情報を「${word}」で扱っています。`,
              recommendation:
                '紙・FAX・持ち出し媒体は施錠保管と裁断を決めるか、暗号化した電子の手段に置き換えてください。',
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

export const FOCUS_LABELS: Record<Focus, string> = {
  efficiency: '効率',
  risk: 'リスク',
  compliance: '法令順守',
  cost: '費用',
};

export const OBJECTIVE_LABELS: Record<Objective, string> = {
  time: '時間',
  cost: '費用',
  quality: '品質',
  automation: '自動化',
};

/** Rule-based improvements: merge duplicates, automate reminders/forms, add checks and a final check. */
export function optimizeSteps(input: readonly WorkflowStep[], objectives: readonly Objective[]) {
  const wants = (objective: Objective) => objectives.includes(objective);
  const changes: WorkflowChange[] = [];
  let steps = input.map((step) => ({ ...step, checks: [...step.checks], tools: [...step.tools] }));

  if (wants('time') || wants('cost')) {
    const removed = new Set<number>();
    for (const [first, later] of duplicatePairs(steps)) {
      if (removed.has(first) || removed.has(later)) continue;
      const keep = steps[first] as WorkflowStep;
      const drop = steps[later] as WorkflowStep;
      removed.add(later);
      keep.checks = [...new Set([...keep.checks, ...drop.checks])];
      keep.tools = [...new Set([...keep.tools, ...drop.tools])];
      changes.push({
        type: 'merge',
        description: `手順 ${drop.order}「${drop.title}」を手順 ${keep.order}「${keep.title}」にまとめました（題名が重複）。確認事項は引き継いでいます。`,
        expected_effect:
          drop.estimated_minutes !== null
            ? `重複していた ${drop.estimated_minutes} 分の作業がなくなります。`
            : null,
      });
    }
    steps = steps.filter((_, index) => !removed.has(index));
  }

  if (wants('automation') || wants('time')) {
    for (const step of steps) {
      const text = stepText(step);
      const rule = AUTOMATABLE.find((candidate) => candidate.words.some((word) => text.includes(fold(word))));
      if (!rule) continue;
      if (!step.tools.includes('自動化')) step.tools.push('自動化');
      changes.push({
        type: 'automate',
        description: `手順 ${step.order}「${step.title}」: ${rule.how}。`,
        expected_effect:
          step.estimated_minutes !== null
            ? `この手順の ${step.estimated_minutes} 分のうち、手作業の部分が減ります。`
            : '手作業の部分が減ります。',
      });
    }
  }

  if (wants('quality')) {
    for (const step of steps) {
      if (step.checks.length > 0) continue;
      step.checks.push(`「${step.title}」が終わったことを記録した`);
      changes.push({
        type: 'modify',
        description: `手順 ${step.order}「${step.title}」に確認事項を加えました（確認事項がなかったため）。`,
        expected_effect: '抜け漏れに気づけるようになります。',
      });
    }
    for (const step of steps) {
      const word = handlesPersonalDataUnsafely(step);
      if (!word) continue;
      const check = '紙・媒体の個人情報は施錠保管し、不要になれば裁断した';
      if (!step.checks.includes(check)) step.checks.push(check);
      changes.push({
        type: 'modify',
        description: `手順 ${step.order}「${step.title}」: 「${word}」で扱う個人情報の保管と廃棄の確認を加えました。`,
        expected_effect: '個人情報の紛失・漏えいのリスクが下がります。',
      });
    }
    const confirmIndex = steps.findIndex(
      (step, index) => index < steps.length - 1 && fold(step.title).includes('最終確認'),
    );
    if (confirmIndex >= 0) {
      const [moved] = steps.splice(confirmIndex, 1);
      if (moved) steps.push(moved);
      changes.push({
        type: 'reorder',
        description: `「${moved?.title}」を最後に移しました（最終確認は全体が終わってから行うため）。`,
        expected_effect: null,
      });
    } else if (steps.length > 0 && !hasFinalCheck(steps)) {
      const last = steps.at(-1) as WorkflowStep;
      steps.push({
        order: steps.length + 1,
        title: '最終確認',
        description: '全体の手順が終わったこと、記録と未処理がないことを確かめます。',
        owner_role: last.owner_role,
        estimated_minutes: 3,
        checks: ['すべての手順の記録', '未処理・持ち越しがない'],
        tools: [],
      });
      changes.push({
        type: 'add',
        description: '最後に「最終確認」の手順を加えました（担当は最後の手順と同じ、目安 3 分）。',
        expected_effect: '終わったつもりの抜け漏れを防げます。',
      });
    }
  }

  return {
    steps: steps.map((step, index) => ({ ...step, order: index + 1 })),
    changes,
  };
}
