/**
 * How much of a question a passage answers, weighted the way BM25 weighs terms: by what each
 * bigram of the question says (its kind) and how rare it is in the tenant's index (its IDF).
 *
 * Why not a share of the question's bigrams: a long, natural question carries many words that
 * are not its subject (「清掃業者との契約を解約するには、いつまでに通知が必要ですか」: 業者, 必要,
 * 「には」「いつまでに」「ですか」). Counted one for one, they outvote 解約 and 通知, and the page that
 * answers is refused. Weighted, grammar counts nothing, words found everywhere count little, and
 * the rare words that name the subject carry the decision.
 *
 * Why not an absolute score alone: a one-word question (「副業は？」) and a question about something
 * absent that shares one word with the documents (「駐車場の利用料金は？」: 駐車場 is in the disaster
 * manual) reach the same score; only the question's own weight tells them apart. So the coverage
 * is the matched informative weight over the question's informative weight, where a term no chunk
 * holds (料金 of the parking question) weighs as much as the rarest: it is what the question asks
 * and the documents do not say. pnpm bench:retrieval measures both kinds of error.
 */
import { CONTENT_CHAR, QUESTION_WORD, searchFold, WORD_CHAR } from './fold';

/**
 * The weight of a bigram of the question by its kind: two content characters (kanji, katakana,
 * Latin, digits: 解約, キャ, 5年) name the subject; a content character and the hiragana after it is
 * a verb's stem or a word with its particle (届け, 忘れ, 約を): some evidence; the content pairs
 * of GENERIC_WORDS: little; hiragana pairs (には, ます, いつ) and anything with 何・誰 are the
 * question's grammar: none.
 */
export const TERM_WEIGHT = { content: 1, stem: 0.3, generic: 0.2 } as const;
/**
 * Words that say how a question is asked, not what it is about (「〜する場合」「必要ですか」「方法」):
 * their own bigrams weigh TERM_WEIGHT.generic. A small tenant's index cannot tell that they are
 * common (its IDF sees a few dozen chunks), so they are listed, like a search engine's stop words.
 */
export const GENERIC_WORDS: readonly string[] = [
  '場合',
  '必要',
  '方法',
  '可能',
  '自分',
  '大丈夫',
  '具体的',
  '一般的',
  '本当',
  '普通',
  '全部',
  '今回',
  '今度',
];
/**
 * Words of the question found not in the passage but in its document's first chunk (the title and
 * the parties of a contract) or in the chunks beside it (the article it continues) count this much:
 * the cleaning contract's page on notice says 解約 and 通知 but not 清掃, which its first page says.
 */
export const CONTEXT_WEIGHT = 0.5;

export interface QuestionTerm {
  /** A bigram folded as the index folds (tsumiki_search_fold). */
  term: string;
  weight: number;
}

const HIRAGANA = /\p{Script=Hiragana}/u;

function weightOf(first: string, second: string, generic: boolean): number {
  if (QUESTION_WORD.test(first) || QUESTION_WORD.test(second)) return 0;
  if (CONTENT_CHAR.test(first) && CONTENT_CHAR.test(second))
    return generic ? TERM_WEIGHT.generic : TERM_WEIGHT.content;
  if (CONTENT_CHAR.test(first) && HIRAGANA.test(second)) return TERM_WEIGHT.stem;
  return 0;
}

/** For each character of `chars`, whether it lies inside one of the GENERIC_WORDS. */
function genericMask(chars: readonly string[]): boolean[] {
  const mask = chars.map(() => false);
  for (const word of GENERIC_WORDS) {
    const letters = [...word];
    for (let at = 0; at + letters.length <= chars.length; at++) {
      if (letters.every((letter, offset) => chars[at + offset] === letter))
        for (let index = at; index < at + letters.length; index++) mask[index] = true;
    }
  }
  return mask;
}

/**
 * The bigrams of a question that say something, with their weights (the highest where a bigram
 * occurs twice). Kinds are decided before kana folding, which would make katakana words hiragana.
 * A question without a content pair (all hiragana: 「きゃんせるりょう」) weighs its letter pairs 1.
 */
export function questionTerms(query: string): QuestionTerm[] {
  const chars = [...query.normalize('NFKC').toLowerCase().replace(/\s+/gu, '')];
  const generic = genericMask(chars);
  const weights = new Map<string, number>();
  const add = (first: string, second: string, weight: number) => {
    const term = searchFold(`${first}${second}`);
    if (weight > (weights.get(term) ?? 0) && !term.includes('|')) weights.set(term, weight);
  };
  let contentPairs = 0;
  for (let index = 0; index + 1 < chars.length; index++) {
    const [first, second] = [chars[index]!, chars[index + 1]!];
    if (CONTENT_CHAR.test(first) && CONTENT_CHAR.test(second) && !QUESTION_WORD.test(first + second))
      contentPairs++;
    add(first, second, weightOf(first, second, generic[index]! && generic[index + 1]!));
  }
  if (contentPairs === 0) {
    for (let index = 0; index + 1 < chars.length; index++) {
      const [first, second] = [chars[index]!, chars[index + 1]!];
      if (WORD_CHAR.test(first) && WORD_CHAR.test(second) && !QUESTION_WORD.test(first + second))
        add(first, second, 1);
    }
  }
  return [...weights].map(([term, weight]) => ({ term, weight }));
}

/** BM25's idf: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function inverseDocumentFrequency(documentFrequency: number, chunkCount: number): number {
  return Math.log(1 + (chunkCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * A term's idf relative to that of a term in one chunk (capped at 1): 1 for the rarest terms and
 * for terms no chunk holds, near 0 for terms in every chunk. Relative, so that the coverage means
 * the same for a tenant with one contract as for one with a thousand pages.
 */
export function informativeness(documentFrequency: number, chunkCount: number): number {
  const rarest = inverseDocumentFrequency(1, Math.max(chunkCount, 1));
  return Math.min(1, inverseDocumentFrequency(documentFrequency, chunkCount) / rarest);
}

/**
 * The share (0..1) of the question's informative weight (Σ weight × informativeness) that a
 * passage holds: its own terms in full, the terms only its context holds at CONTEXT_WEIGHT. The
 * context supports a passage but never carries it (it adds at most what the passage holds itself):
 * otherwise the page before an answer would be cited for the answer's words. 0 when the question
 * has no informative term.
 */
export function weightedCoverage(
  terms: readonly QuestionTerm[],
  informative: ReadonlyMap<string, number>,
  inPassage: ReadonlySet<string>,
  inContext: ReadonlySet<string>,
): number {
  let total = 0;
  let own = 0;
  let context = 0;
  for (const { term, weight } of terms) {
    const value = weight * (informative.get(term) ?? 1);
    total += value;
    if (inPassage.has(term)) own += value;
    else if (inContext.has(term)) context += CONTEXT_WEIGHT * value;
  }
  return total > 0 ? (own + Math.min(context, own)) / total : 0;
}
