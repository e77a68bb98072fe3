/**
 * Personal data on paper (or FAX, USB, a personal phone, a memo): the review's critical rule.
 *
 * Read clause by clause, so that text that restates or obeys a constraint is not taken for the
 * practice it forbids: the proposal's own check 「制約を守った: 個人情報は紙に残さない」, or a step
 * that says 「紙は使わずタブレットで入力」, mentions 紙 and 個人情報 without putting anything on paper.
 */
import { fold } from './workflow.text';

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

/** Where a clause ends: a sentence or a phrase (「…を渡し、…」), a line. Each check is a clause of its own. */
const CLAUSE_END = /[。、，,;；\n]/u;
/**
 * A negation close after a paper word in the same clause: 紙に残さない, 紙を使わず, 紙は使用しない,
 * 紙ではなく, FAX は禁止, 紙を廃止. Close (8 characters): in 「紙の問診票に記入してもらい未記入欄を
 * 残さない」 the ない belongs to 未記入欄, and the paper is used.
 */
const NEGATED_AFTER = /^.{0,8}?(?:ない|なく|ず|ません|禁止|廃止|不可|なし|やめ)/u;
/** A constraint restated in a step: 「制約を守った: …」 (what a proposal adds), 「制約: …」, 制約「…」. */
const RESTATED_CONSTRAINT = /制約(?:を守った)?\s*[:：].*$|制約\s*「[^」]*」/u;

export interface PaperStep {
  title: string;
  description?: string | null;
  checks?: readonly string[];
}

function clausesOf(step: PaperStep): string[] {
  const clauses = [step.title, ...(step.description ?? '').split(CLAUSE_END)];
  // A check is one statement; a restated constraint is dropped whole.
  const checks = (step.checks ?? []).map((check) => check.replace(RESTATED_CONSTRAINT, ''));
  return [...clauses, ...checks].map(fold).filter((clause) => clause.trim() !== '');
}

/** The paper word a clause uses affirmatively (not under a negation right after it), or null. */
function paperUsedIn(clause: string): string | null {
  for (const word of PAPER_WORDS) {
    const folded = fold(word);
    for (let at = clause.indexOf(folded); at !== -1; at = clause.indexOf(folded, at + 1)) {
      if (!NEGATED_AFTER.test(clause.slice(at + folded.length))) return word;
    }
  }
  return null;
}

/**
 * The paper word with which the step handles personal data, or null: a paper word used (not
 * negated) in one of its clauses, and a personal-data word anywhere in it, restated constraints
 * left out of both.
 */
export function paperWithPersonalData(step: PaperStep): string | null {
  const clauses = clausesOf(step);
  const personal = PERSONAL_WORDS.some((word) => clauses.some((clause) => clause.includes(fold(word))));
  if (!personal) return null;
  for (const clause of clauses) {
    const word = paperUsedIn(clause);
    if (word) return word;
  }
  return null;
}

/** A constraint of the workflow that forbids paper (「個人情報は紙に残さない」), as a step restates it; or null. */
export function paperConstraintOf(steps: readonly PaperStep[]): string | null {
  for (const step of steps) {
    for (const check of step.checks ?? []) {
      const restated = RESTATED_CONSTRAINT.exec(check)?.[0];
      if (!restated) continue;
      const text = restated.replace(/^制約(?:を守った)?\s*[:：]\s*/u, '').replace(/^制約\s*「|」$/gu, '');
      const folded = fold(text);
      if (PAPER_WORDS.some((word) => folded.includes(fold(word))) && paperUsedIn(folded) === null)
        return text.trim();
    }
  }
  return null;
}
