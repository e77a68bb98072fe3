/**
 * Rule-based improvements of a workflow, by objective: merge duplicates (time, cost), automate
 * reminders, forms and mailings (time, automation), add checks and a final check (quality).
 *
 * For the time objective an automated step's minutes go down by a stated assumption (a reminder
 * sent automatically leaves only the replies, a web questionnaire leaves only reading the answers),
 * so that the proposal shows the total it expects, marked as an estimate to measure; when no rule
 * shortens anything, `timeNote` says why.
 */
import type { components } from '@tsumiki/api-client/schema';
import { paperConstraintOf, paperWithPersonalData } from './workflow.privacy';
import { duplicatePairs, hasFinalCheck, type WorkflowChange, type WorkflowStep } from './workflow.rules';
import { fold, stepText } from './workflow.text';

type Objective = components['schemas']['WorkflowObjective'];

/**
 * Work that software can take over: the words that find it, what to do, and the share of the
 * step's minutes left to do by hand (with why), an assumption the change states.
 */
const AUTOMATABLE = [
  {
    words: ['リマインド', '前日', '確認の連絡', '確認の電話', '電話で確認'],
    how: '予約の前日に自動でメール・SMS を送る',
    remaining: 0.25,
    assumption: '送信は自動になり、手作業は返信と届かなかった分への対応だけになる想定',
  },
  {
    words: ['問診票', '記入', '転記', '手入力', '書き写'],
    how: 'ウェブ問診で事前に入力してもらい、転記をなくす',
    remaining: 0.4,
    assumption: '記入は来院前に済み、院内では回答の確認だけになる想定',
  },
  {
    words: ['送付', '郵送', '案内'],
    how: '案内文をひな形にして、一斉にメール送信する',
    remaining: 0.5,
    assumption: '宛名書き・封入・投函がなくなる想定',
  },
] as const;

const minutesOf = (steps: readonly WorkflowStep[]) =>
  steps.reduce((sum, step) => sum + (step.estimated_minutes ?? 0), 0);

/**
 * Why the time rules shortened nothing: no minutes to shorten, automatable steps without minutes,
 * or nothing they recognise (then the longest step, where to look first).
 */
function timeNoteOf(steps: readonly WorkflowStep[], untimedAutomated: readonly WorkflowStep[]): string {
  const timed = steps.filter((step) => step.estimated_minutes !== null);
  if (timed.length === 0)
    return '所要時間が入力された手順がないため、短くできる分数を示せません。各手順に目安の分数を入れてください。';
  if (untimedAutomated.length > 0)
    return `自動化で手作業を減らせる手順（${untimedAutomated.map((step) => `「${step.title}」`).join('')}）に所要時間がないため、短くなる分数を示せません。`;
  const longest = timed.reduce((a, b) => ((b.estimated_minutes ?? 0) > (a.estimated_minutes ?? 0) ? b : a));
  return (
    '重複した手順も、自動化で手作業を減らせる手順（前日の確認連絡、問診票の記入・転記、案内の送付）も見つからなかったため、' +
    `目安の合計 ${minutesOf(steps)} 分は短くなりません。時間が最もかかるのは手順 ${longest.order}「${longest.title}」（${longest.estimated_minutes} 分）です。`
  );
}

/** The improved steps (orders renumbered), the changes with their reasons, and the time note. */
export function optimizeSteps(input: readonly WorkflowStep[], objectives: readonly Objective[]) {
  const wants = (objective: Objective) => objectives.includes(objective);
  const changes: WorkflowChange[] = [];
  let steps = input.map((step) => ({ ...step, checks: [...step.checks], tools: [...step.tools] }));
  // Minutes the time rules took off (merged duplicates, automated work), and automated steps whose
  // minutes are unknown: what the time note says.
  let saved = 0;
  const untimedAutomated: WorkflowStep[] = [];

  if (wants('time') || wants('cost')) {
    const removed = new Set<number>();
    for (const [first, later] of duplicatePairs(steps)) {
      if (removed.has(first) || removed.has(later)) continue;
      const keep = steps[first] as WorkflowStep;
      const drop = steps[later] as WorkflowStep;
      removed.add(later);
      saved += drop.estimated_minutes ?? 0;
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
      // A restated constraint (「制約を守った: 前日までに連絡する」) is a check, not work to automate.
      const text = stepText({ ...step, checks: step.checks.filter((check) => !check.startsWith('制約')) });
      const rule = AUTOMATABLE.find((candidate) => candidate.words.some((word) => text.includes(fold(word))));
      if (!rule) continue;
      if (!step.tools.includes('自動化')) step.tools.push('自動化');
      const minutes = step.estimated_minutes;
      const after = minutes === null ? null : Math.max(1, Math.round(minutes * rule.remaining));
      const shorter = minutes !== null && after !== null && after < minutes;
      if (shorter) {
        saved += minutes - after;
        step.estimated_minutes = after;
      }
      if (minutes === null) untimedAutomated.push(step);
      changes.push({
        type: 'automate',
        description: `手順 ${step.order}「${step.title}」: ${rule.how}。`,
        expected_effect: shorter
          ? `この手順の目安を ${minutes} 分から ${after} 分にしました（${rule.assumption}の目安です。実測で確かめてください）。`
          : minutes === null
            ? '手作業の部分が減ります（所要時間が未入力のため、分では示せません）。'
            : `この手順の ${minutes} 分のうち、手作業の部分が減ります。`,
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
    const constraint = paperConstraintOf(steps);
    for (const step of steps) {
      const word = paperWithPersonalData(step);
      if (!word) continue;
      // Against a constraint that forbids paper, keeping paper safely is not the fix.
      const check = constraint
        ? `個人情報を「${word}」に残していない（制約「${constraint}」）`
        : '紙・媒体の個人情報は施錠保管し、不要になれば裁断した';
      if (!step.checks.includes(check)) step.checks.push(check);
      changes.push({
        type: 'modify',
        description: constraint
          ? `手順 ${step.order}「${step.title}」: 「${word}」で扱う個人情報を電子の手段に置き換える確認を加えました（制約「${constraint}」）。`
          : `手順 ${step.order}「${step.title}」: 「${word}」で扱う個人情報の保管と廃棄の確認を加えました。`,
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
    saved,
    timeNote: wants('time') && saved === 0 ? timeNoteOf(steps, untimedAutomated) : null,
  };
}
