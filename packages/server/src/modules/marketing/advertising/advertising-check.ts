/**
 * The advertising check's rules engine: pure and offline, so the drafts, the check operation, the
 * corpus bench and its unit test all run the same code. A text is folded (NFKC, lower case,
 * katakana → hiragana, white space removed: platform/search/fold) keeping each folded character's
 * place in the original, so a finding's `start`/`end` highlight the words as the user typed them,
 * in any width or kana.
 *
 * A match is dropped when (1) a hedge follows it in the same sentence: 「絶対に安全とは言えません」
 * 「必ず治るわけではありません」「100%の効果を保証するものではありません」 are the disclaimers the
 * guideline asks for, not claims (a plain negative such as 「絶対に痛くありません」 stays a claim);
 * or (2) the rule names the explanation the guideline requires and the text gives it (one word of
 * each group in `requires`, looked for in the whole draft: see `context`).
 */
import type { components } from '@tsumiki/api-client/schema';
import { foldWithOffsets, searchFold } from '../../../platform/search/fold';
import { ADVERTISING_RULES, type AdvertisingRule } from './rule-set';

export type AdvertisingFinding = components['schemas']['AdvertisingFinding'];
export type AdvertisingCategory = components['schemas']['AdvertisingCategory'];

/** A finding before it is placed in a field of a draft. */
export type TextFinding = Omit<AdvertisingFinding, 'field'>;

// Folded: 「とは言えません」「とはいえない」「とは限りません」「とは言い切れません」「わけではありません」
// 「ものではありません」「保証できません」「保証するものでは」「保証いたしかねます」.
const HEDGE =
  /^[^。!?]{0,24}?(とは(言|い)(え|い切れ|いきれ)|とは(限|かぎ)ら|とも(言|い)え|わけでは(ありません|ない|ございません)|ものでは(ありません|ない|ございません)|保証(は)?(できません|できない|しかねます|いたしかねます|するものでは|しておりません|していません))/u;

interface CompiledRule {
  rule: AdvertisingRule;
  patterns: RegExp[];
  requires: string[][];
}

function compile(rules: readonly AdvertisingRule[]): CompiledRule[] {
  return rules.map((rule) => ({
    rule,
    patterns: rule.patterns.map((pattern) => new RegExp(searchFold(pattern), 'gu')),
    requires: (rule.requires ?? []).map((group) => group.map((word) => searchFold(word))),
  }));
}

const COMPILED = compile(ADVERTISING_RULES);

const CATEGORY_ORDER: readonly AdvertisingCategory[] = [
  'false_claim',
  'comparative',
  'exaggerated',
  'testimonial',
  'before_after',
  'public_order',
  'price_emphasis',
  'indignity',
  'limited_exemption',
];

/** Orders findings by place, then by the guideline's order of categories. */
export function byPlace<T extends Pick<TextFinding, 'start' | 'end' | 'category'>>(a: T, b: T): number {
  return (
    a.start - b.start ||
    CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) ||
    b.end - a.end
  );
}

/** Whether two findings of the same category cover some of the same characters. */
export function overlapsSameCategory(a: TextFinding, b: TextFinding): boolean {
  return a.category === b.category && a.start < b.end && b.start < a.end;
}

/**
 * The rules' findings in `text`, in order of place. `context` is where the explanation a rule
 * requires may be given (by default the text itself; a draft passes all of its fields).
 */
export function checkText(text: string, context: string = text): TextFinding[] {
  const { folded, starts, ends } = foldWithOffsets(text);
  const foldedContext = context === text ? folded : searchFold(context);
  const found: TextFinding[] = [];
  for (const { rule, patterns, requires } of COMPILED) {
    if (requires.length > 0 && requires.every((group) => group.some((word) => foldedContext.includes(word))))
      continue;
    for (const pattern of patterns) {
      for (const match of folded.matchAll(pattern)) {
        if (match[0].length === 0) continue;
        const from = match.index;
        const to = from + match[0].length;
        if (HEDGE.test(folded.slice(to))) continue;
        const start = starts[from] as number;
        const end = ends[to - 1] as number;
        const finding: TextFinding = {
          start,
          end,
          quote: text.slice(start, end),
          category: rule.category,
          rule_id: rule.id,
          reason: rule.reason,
          suggestion: rule.suggestion,
          origin: 'rules',
        };
        if (!found.some((other) => overlapsSameCategory(other, finding))) found.push(finding);
      }
    }
  }
  return found.sort(byPlace);
}

/** The texts of a draft, each with the name of its field (`title`, `phases.0.actions.1`…). */
export type DraftFields = readonly (readonly [field: string, text: string])[];

/** The rules' findings in every field of a draft; the explanation may be in any of its fields. */
export function checkFields(fields: DraftFields): AdvertisingFinding[] {
  const context = fields.map(([, text]) => text).join('\n');
  return fields.flatMap(([field, text]) =>
    checkText(text, context).map((finding) => ({ field, ...finding })),
  );
}

/** The distinct categories found in a text (the corpus bench's prediction). */
export function categoriesIn(text: string): AdvertisingCategory[] {
  return [...new Set(checkText(text).map((finding) => finding.category))];
}
