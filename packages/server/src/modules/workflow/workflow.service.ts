import { WORKFLOW_OBJECTIVE_LABELS, WORKFLOW_REVIEW_FOCUS_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { readJsonObject } from '../../platform/ai/model-json';
import type { AiProvider } from '../../platform/ai/provider';
import { type InTenant, tenantAi } from '../../platform/ai/tenant-ai';
import { optimizeSteps } from './workflow.optimize';
import { normalizeSteps, PENALTY, reviewSteps, type WorkflowStep } from './workflow.rules';
import { matchTemplate } from './workflow.templates';

type Schemas = components['schemas'];
type AiSource = Schemas['AiSource'];
type WorkflowProposal = Schemas['WorkflowProposal'];
type WorkflowReview = Schemas['WorkflowReview'];
type WorkflowOptimization = Schemas['WorkflowOptimization'];

export interface WorkflowServices {
  ai: AiProvider;
}

function userInput(title: string, excerpt: string): AiSource {
  return { type: 'user_input', id: null, title, excerpt: excerpt.slice(0, 300), url: null };
}

function describeSteps(steps: readonly WorkflowStep[]): string {
  return steps.map((step) => `${step.order}. ${step.title}（${step.owner_role ?? '担当なし'}）`).join('\n');
}

// ── create ───────────────────────────────────────────────────────────────────────────────────

/** Offline: the library template that matches the goal, with the constraints as notes and checks. */
export function proposeWorkflowOffline(body: Schemas['WorkflowCreateRequest']): WorkflowProposal {
  const constraints = body.constraints ?? [];
  const { template, matched } = matchTemplate(`${body.goal} ${body.context ?? ''}`);
  const steps: WorkflowStep[] = template.steps.map((step, index) => ({
    order: index + 1,
    title: step.title,
    description: step.description,
    owner_role: step.owner,
    estimated_minutes: step.minutes,
    checks: [...step.checks],
    tools: [...step.tools],
  }));
  const last = steps.at(-1);
  if (last)
    for (const constraint of constraints) last.checks.push(`制約を守った: ${constraint}`.slice(0, 200));
  const total = steps.reduce((sum, step) => sum + (step.estimated_minutes ?? 0), 0);
  const why =
    matched.length > 0
      ? `目的の「${matched.join('」「')}」から、ひな形「${template.title}」を選びました。`
      : `目的に合うひな形がありませんでした。最も近いものとして「${template.title}」を叩き台に示します。実際の業務に合わせて手順を直してください。`;
  const notes = [
    why,
    `所要時間は手順の目安の合計で ${total} 分です（ひな形の値。実測で置き換えてください）。`,
    ...constraints.map((constraint) => `制約「${constraint}」は最後の手順の確認事項に入れました。`),
    ...(body.context
      ? [
          `補足情報「${body.context.slice(0, 100)}」はひな形には反映していません。人数や設備に合わせて調整してください。`,
        ]
      : []),
  ];
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    title: template.title,
    summary: `${why}${steps.length} 手順、目安 ${total} 分のワークフロー案です。`,
    steps,
    notes,
    sources: [
      userInput('入力された目的', body.goal),
      ...constraints.map((constraint) => userInput('入力された制約', constraint)),
    ],
  };
}

// ── review ───────────────────────────────────────────────────────────────────────────────────

export function reviewWorkflowOffline(body: Schemas['WorkflowReviewRequest']): WorkflowReview {
  const steps = normalizeSteps(body.workflow.steps);
  const focus = body.focus ?? [];
  const { findings, counts, score, handoffs } = reviewSteps(steps, focus);
  const scope =
    focus.length > 0 ? `観点（${focus.map((f) => WORKFLOW_REVIEW_FOCUS_LABELS[f]).join('・')}）で` : '';
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    summary:
      `「${body.workflow.title}」の ${steps.length} 手順を${scope}決まった規則で点検しました。` +
      `重大 ${counts.critical} 件、注意 ${counts.warning} 件、参考 ${counts.info} 件、担当の受け渡しは ${handoffs} 回です。` +
      `総合点は 100 点から重大 1 件につき ${PENALTY.critical} 点、注意 ${PENALTY.warning} 点、参考 ${PENALTY.info} 点を引いた ${score} 点です（0 点未満は 0 点）。`,
    score,
    findings,
    sources: [userInput(`入力されたワークフロー「${body.workflow.title}」`, describeSteps(steps))],
  };
}

// ── optimize ─────────────────────────────────────────────────────────────────────────────────

export function optimizeWorkflowOffline(body: Schemas['WorkflowOptimizeRequest']): WorkflowOptimization {
  const objectives =
    body.objectives && body.objectives.length > 0 ? body.objectives : (['time', 'quality'] as const);
  const before = normalizeSteps(body.workflow.steps);
  const { steps, changes, saved, timeNote } = optimizeSteps(before, objectives);
  const minutes = (list: readonly WorkflowStep[]) =>
    list.reduce((sum, step) => sum + (step.estimated_minutes ?? 0), 0);
  const goals = `目標（${objectives.map((o) => WORKFLOW_OBJECTIVE_LABELS[o]).join('・')}）`;
  // The time objective always answers in minutes: how many the rules take off, or why none.
  const time = [
    ...(saved > 0
      ? [
          `うち重複の統合と自動化で ${saved} 分短くなる見込みです（自動化の分は規則の想定による目安です。実測で確かめてください）。`,
        ]
      : []),
    ...(timeNote ? [`時間について: ${timeNote}`] : []),
  ].join('');
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    summary:
      changes.length === 0
        ? `${goals}について、決まった規則で直せる点は見つかりませんでした。${time}`
        : `${goals}に沿って ${changes.length} 件の変更を決まった規則で作りました。` +
          `手順は ${before.length} から ${steps.length} に、目安の合計は ${minutes(before)} 分から ${minutes(steps)} 分になります。${time}`,
    steps,
    changes,
    sources: [userInput(`入力されたワークフロー「${body.workflow.title}」`, describeSteps(before))],
  };
}

// ── with a provider: the model refines the offline result ───────────────────────────────────

const SYSTEM = [
  'あなたは日本の小規模クリニックの業務改善の専門家です。',
  '与えられた JSON（規則で作った案）を、利用者の入力に合わせて具体的に直してください。',
  '同じ形の JSON オブジェクトだけを返してください。キーの追加・削除はしないでください。',
  '数値は入力にあるものか、手順の目安（分）だけにし、事実を作らないでください。',
].join('\n');

/** Keys of the offline answer that the model may rewrite (the rest stay as computed). */
type Refinable<T> = Partial<T>;

/**
 * Asks the model to refine `offline` (JSON mode; only the user's input and the rule-based result
 * are sent). A reply that is not the expected shape falls back to `offline`, and the summary says so.
 */
async function refine<T extends { mode: 'openai' | 'offline'; summary: string }>(
  services: WorkflowServices,
  inTenant: InTenant,
  request: unknown,
  offline: T,
  accept: (parsed: Record<string, unknown>) => Refinable<T> | null,
): Promise<T> {
  const { chat } = tenantAi(services.ai, inTenant);
  if (!chat) return offline;
  const {
    mode: _mode,
    generated_at: _at,
    sources: _sources,
    ...draft
  } = offline as T & {
    generated_at: string;
    sources: unknown;
  };
  const written = await chat.complete(
    [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `利用者の入力:\n${JSON.stringify(request)}\n\n規則で作った案:\n${JSON.stringify(draft)}`,
      },
    ],
    { json: true },
  );
  // The whole answer must be the object: JSON mode, and no fence tolerated here (as before).
  const parsed = readJsonObject(written, { embedded: false });
  const accepted = parsed ? accept(parsed) : null;
  if (!accepted)
    return {
      ...offline,
      summary: `${offline.summary}（AI の回答を読み取れなかったため、規則で作った案を表示しています。）`,
    };
  return { ...offline, ...accepted, mode: 'openai' };
}

function isStringArray(value: unknown, max = 50): value is string[] {
  return Array.isArray(value) && value.length <= max && value.every((item) => typeof item === 'string');
}

function parseSteps(value: unknown): WorkflowStep[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) return null;
  const steps: WorkflowStep[] = [];
  for (const [index, raw] of value.entries()) {
    if (!raw || typeof raw !== 'object') return null;
    const step = raw as Record<string, unknown>;
    const minutes = step.estimated_minutes;
    if (typeof step.title !== 'string' || step.title.length === 0) return null;
    if (step.owner_role !== null && typeof step.owner_role !== 'string') return null;
    if (step.description !== null && typeof step.description !== 'string') return null;
    if (minutes !== null && !(Number.isInteger(minutes) && (minutes as number) >= 0)) return null;
    if (!isStringArray(step.checks, 10) || !isStringArray(step.tools)) return null;
    steps.push({
      order: index + 1,
      title: step.title,
      description: step.description as string | null,
      owner_role: step.owner_role as string | null,
      estimated_minutes: minutes as number | null,
      checks: step.checks,
      tools: step.tools,
    });
  }
  return steps;
}

export async function createWorkflow(
  inTenant: InTenant,
  services: WorkflowServices,
  body: Schemas['WorkflowCreateRequest'],
): Promise<WorkflowProposal> {
  const offline = proposeWorkflowOffline(body);
  return refine(services, inTenant, body, offline, (parsed) => {
    const steps = parseSteps(parsed.steps);
    if (
      !steps ||
      typeof parsed.title !== 'string' ||
      typeof parsed.summary !== 'string' ||
      !isStringArray(parsed.notes)
    )
      return null;
    return { title: parsed.title, summary: parsed.summary, steps, notes: parsed.notes };
  });
}

export async function reviewWorkflow(
  inTenant: InTenant,
  services: WorkflowServices,
  body: Schemas['WorkflowReviewRequest'],
): Promise<WorkflowReview> {
  const offline = reviewWorkflowOffline(body);
  const count = body.workflow.steps.length;
  return refine(services, inTenant, body, offline, (parsed) => {
    if (typeof parsed.summary !== 'string' || !Array.isArray(parsed.findings)) return null;
    const findings: WorkflowReview['findings'] = [];
    for (const raw of parsed.findings) {
      const f = raw as Record<string, unknown>;
      const order = f.step_order;
      if (!f || typeof f.finding !== 'string' || typeof f.recommendation !== 'string') return null;
      if (!['info', 'warning', 'critical'].includes(f.severity as string)) return null;
      if (
        order !== null &&
        !(Number.isInteger(order) && (order as number) >= 1 && (order as number) <= count)
      )
        return null;
      findings.push({
        step_order: order as number | null,
        severity: f.severity as 'info' | 'warning' | 'critical',
        finding: f.finding,
        recommendation: f.recommendation,
      });
    }
    // The score stays the rule-based one (its formula is in the summary).
    return { summary: parsed.summary, findings };
  });
}

export async function optimizeWorkflow(
  inTenant: InTenant,
  services: WorkflowServices,
  body: Schemas['WorkflowOptimizeRequest'],
): Promise<WorkflowOptimization> {
  const offline = optimizeWorkflowOffline(body);
  return refine(services, inTenant, body, offline, (parsed) => {
    const steps = parseSteps(parsed.steps);
    if (!steps || typeof parsed.summary !== 'string' || !Array.isArray(parsed.changes)) return null;
    const changes: WorkflowOptimization['changes'] = [];
    for (const raw of parsed.changes) {
      const c = raw as Record<string, unknown>;
      if (!c || typeof c.description !== 'string') return null;
      if (!['add', 'remove', 'merge', 'reorder', 'automate', 'modify'].includes(c.type as string))
        return null;
      if (c.expected_effect !== null && typeof c.expected_effect !== 'string') return null;
      changes.push({
        type: c.type as WorkflowOptimization['changes'][number]['type'],
        description: c.description,
        expected_effect: c.expected_effect as string | null,
      });
    }
    return { summary: parsed.summary, steps, changes };
  });
}
