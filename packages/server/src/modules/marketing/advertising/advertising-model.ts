/**
 * The advertising check with a chat model: the rules' findings are always kept, and the model may
 * only add to them. Its answer is read strictly: a finding counts only when its category is one
 * of the contract's, its quote is found word for word in the text, and it does not repeat a rule's
 * finding of the same category there; anything else in the answer is ignored. Budget (AI_001) and
 * provider failures (EXT_001 / EXT_002) propagate as tenantAi maps them.
 */
import { contractEnums } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { readJsonObject } from '../../../platform/ai/model-json';
import type { AiProvider } from '../../../platform/ai/provider';
import { type InTenant, tenantAi } from '../../../platform/ai/tenant-ai';
import {
  type AdvertisingCategory,
  byPlace,
  checkText,
  overlapsSameCategory,
  type TextFinding,
} from './advertising-check';

type AdvertisingCheck = components['schemas']['AdvertisingCheck'];

const CATEGORIES: readonly string[] = contractEnums.AdvertisingCategory;
const MAX_ADDED = 20;

const TASK = [
  'あなたは日本の医療機関の広告を、厚生労働省「医療広告ガイドライン」に照らして確かめる担当者です。',
  '「文面」のうち、ガイドラインに反するおそれのある語句を探してください。「規則で見つかった指摘」はすでに指摘済みなので、それ以外だけを答えてください。',
  `category は次のどれかです: ${contractEnums.AdvertisingCategory.join(', ')}（false_claim 虚偽、comparative 比較優良、exaggerated 誇大、testimonial 体験談、before_after 説明のない術前術後の写真、public_order 公序良俗、price_emphasis 費用の強調、indignity 品位、limited_exemption 限定解除の要件不足）。`,
  'quote は文面の一部をそのまま（一字も変えずに）書いてください。reason はガイドラインが禁じる理由、suggestion は適法な言い換えの案です。いずれも日本語です。',
  '答えは {"findings":[{"quote":"…","category":"…","reason":"…","suggestion":"…"}]} の形の JSON オブジェクトだけです。なければ {"findings":[]} です。',
];

/** A non-empty string of at most `max` characters, trimmed; else null. */
function wording(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length > 0 && text.length <= max ? text : null;
}

/** The model's findings that can be placed in `text` and are not the rules' already. */
export function modelFindings(answer: unknown, text: string, rules: readonly TextFinding[]): TextFinding[] {
  const items = answer && typeof answer === 'object' ? (answer as Record<string, unknown>).findings : null;
  if (!Array.isArray(items)) return [];
  const added: TextFinding[] = [];
  for (const item of items.slice(0, MAX_ADDED)) {
    if (!item || typeof item !== 'object') continue;
    const { quote, category, reason, suggestion } = item as Record<string, unknown>;
    const words = wording(quote, 200);
    const why = wording(reason, 500);
    const instead = wording(suggestion, 500);
    if (!words || !why || !instead || typeof category !== 'string' || !CATEGORIES.includes(category))
      continue;
    let start = text.indexOf(words);
    while (start !== -1) {
      const finding: TextFinding = {
        start,
        end: start + words.length,
        quote: words,
        category: category as AdvertisingCategory,
        rule_id: null,
        reason: why,
        suggestion: instead,
        origin: 'model',
      };
      const known = [...rules, ...added].some((other) => overlapsSameCategory(other, finding));
      if (!known) {
        added.push(finding);
        break;
      }
      start = text.indexOf(words, start + 1);
    }
  }
  return added;
}

/** Checks a pasted text: the rules, plus (with a model) what the model adds. */
export async function checkAdvertising(
  inTenant: InTenant,
  services: { ai: AiProvider },
  text: string,
): Promise<AdvertisingCheck> {
  const rules = checkText(text);
  const checkedAt = () => new Date().toISOString();
  const { chat } = tenantAi(services.ai, inTenant);
  if (!chat)
    return {
      mode: 'offline',
      checked_at: checkedAt(),
      findings: rules.map((f) => ({ field: 'text', ...f })),
    };
  const known = rules.map(({ quote, category }) => ({ quote, category }));
  const written = await chat.complete(
    [
      { role: 'system', content: TASK.join('\n') },
      {
        role: 'user',
        content: `文面:\n${text}\n\n規則で見つかった指摘:\n${JSON.stringify(known)}`,
      },
    ],
    { json: true, maxTokens: 1500, temperature: 0 },
  );
  const parsed = readJsonObject(written);
  const findings = [...rules, ...modelFindings(parsed, text, rules)].sort(byPlace);
  return {
    mode: parsed ? 'openai' : 'offline',
    checked_at: checkedAt(),
    findings: findings.map((finding) => ({ field: 'text', ...finding })),
  };
}
