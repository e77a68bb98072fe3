/**
 * Marketing AI with a chat model: the rule-based draft (counted in SQL, quoted from what the user
 * typed and the tenant's own documents) is sent with the facts it rests on, and the model may only
 * rewrite its wording. Numbers never come from the model: the structured figures (counts, KPIs,
 * budget, dates) are always the draft's, and a rewritten text that mentions a number the facts do
 * not hold is not used (that field keeps the rule-based text). Budget (AI_001) and provider
 * failures (EXT_001 / EXT_002) propagate as tenantAi maps them.
 */
import { readJsonObject } from '../../platform/ai/model-json';
import type { AiProvider } from '../../platform/ai/provider';
import { type InTenant, tenantAi } from '../../platform/ai/tenant-ai';

/** Appended to the summary when the model answered but nothing of its answer could be used. */
export const UNREADABLE_NOTE = '（AI の回答を読み取れなかったため、規則で作った案を表示しています。）';

const COMMON_RULES = [
  'あなたは日本の小規模クリニックのマーケティング担当です。',
  '「集計された事実」と「利用者の入力」だけを根拠に、「書き直す下書き」の文章を、クリニックの職員が読みやすい自然な日本語に書き直してください。',
  '答えは「書き直す下書き」と同じ形の JSON オブジェクトだけです。キーの追加・削除はせず、配列の件数と順番は変えないでください。',
  '数値（人数・件数・割合・金額・日付・日数）は事実と入力にあるものをそのまま使い、新しい数値を計算したり作ったりしないでください。',
  '事実と入力にないこと（料金・実績・評判・効果・他院の情報など）は書かないでください。分からないことは書かずにおいてください。',
];

export interface ModelRequest {
  /** What this operation asks of the model, after the common rules. */
  task: readonly string[];
  /** What the user sent (the request body, as typed). */
  request: unknown;
  /** The figures and passages the wording may rest on (not to be changed). */
  facts: unknown;
  /** The rule-based wording the model rewrites; its answer has this shape. */
  draft: unknown;
  maxTokens: number;
}

export interface ModelAnswer {
  /** The model's JSON object, or null when it was not one. */
  parsed: Record<string, unknown> | null;
  /** Whether a text mentions only numbers (and kanji counts) found in the facts, input and draft. */
  grounded: (text: string) => boolean;
}

const MULTIPLIERS: Record<string, number> = { 万: 10_000, 千: 1_000, 億: 100_000_000 };
const ARABIC = /(\d+(?:,\d{3})*(?:\.\d+)?)\s*(万|千|億)?/g;
/** Kanji numerals used as a count or amount (一人, 三十件, 五千円, 二割…; "3万円" is arabic). */
const KANJI =
  /(?<![\d.,]\s*)[〇一二三四五六七八九十百千万億]+\s*(?:人|名|件|円|割|%|パーセント|か月|ヶ月|カ月|週間|日間|回)/g;

/** The values of the arabic numbers in a text (NFKC-folded; "3万" is 30000, "30,000" is 30000). */
export function numbersIn(text: string): number[] {
  const values: number[] = [];
  for (const match of text.normalize('NFKC').matchAll(ARABIC)) {
    const value = Number((match[1] as string).replace(/,/g, ''));
    values.push(value * (match[2] ? (MULTIPLIERS[match[2]] ?? 1) : 1));
  }
  return values;
}

/** A grounding test: every number in a text must be one of those in `allowed` (the prompt's data). */
export function groundedIn(allowed: string): (text: string) => boolean {
  const folded = allowed.normalize('NFKC');
  const values = new Set(numbersIn(folded));
  return (text) => {
    const own = text.normalize('NFKC');
    if (!numbersIn(own).every((value) => values.has(value))) return false;
    return [...own.matchAll(KANJI)].every((match) => folded.includes(match[0]));
  };
}

/**
 * Asks the model to rewrite `draft` (JSON mode), or null offline (no provider configured).
 * The prompt carries only what the caller passes: this tenant's counts and passages, never records
 * of another tenant.
 */
export async function askModel(
  ai: AiProvider,
  inTenant: InTenant,
  ask: ModelRequest,
): Promise<ModelAnswer | null> {
  const { chat } = tenantAi(ai, inTenant);
  if (!chat) return null;
  const request = JSON.stringify(ask.request);
  const facts = JSON.stringify(ask.facts);
  const draft = JSON.stringify(ask.draft);
  const written = await chat.complete(
    [
      { role: 'system', content: [...COMMON_RULES, ...ask.task].join('\n') },
      {
        role: 'user',
        content: `利用者の入力:\n${request}\n\n集計された事実（変えずに使ってください）:\n${facts}\n\n書き直す下書き:\n${draft}`,
      },
    ],
    { json: true, maxTokens: ask.maxTokens, temperature: 0.3 },
  );
  return { parsed: readJsonObject(written), grounded: groundedIn(`${request}\n${facts}\n${draft}`) };
}

/** A non-empty, trimmed string of at most `max` characters that is grounded; else null. */
export function groundedText(
  value: unknown,
  grounded: (text: string) => boolean,
  max: number,
): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length > 0 && text.length <= max && grounded(text) ? text : null;
}

/** An array of grounded texts (at most `maxItems`, non-empty unless `allowEmpty`); else null. */
export function groundedList(
  value: unknown,
  grounded: (text: string) => boolean,
  options: { maxItems: number; maxLength: number; allowEmpty?: boolean },
): string[] | null {
  if (!Array.isArray(value) || value.length > options.maxItems) return null;
  if (value.length === 0 && !options.allowEmpty) return null;
  const texts: string[] = [];
  for (const item of value) {
    const text = groundedText(item, grounded, options.maxLength);
    if (text === null) return null;
    texts.push(text);
  }
  return texts;
}

/** Hashtags as the calendar shows them ("#word", no spaces), 1 to 6 of them; else null. */
export function hashtags(value: unknown, grounded: (text: string) => boolean): string[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 6) return null;
  const tags: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return null;
    const word = item.normalize('NFKC').replace(/\s+/g, '').replace(/^#+/, '');
    if (word.length === 0 || word.length > 50 || !grounded(word)) return null;
    const tag = `#${word}`;
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}
