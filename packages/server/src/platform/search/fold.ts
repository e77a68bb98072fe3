/**
 * The JavaScript twin of the database's tsumiki_search_fold (migration 0001): NFKC, lower case,
 * katakana → hiragana, white space removed. The index folds chunks in SQL; this folds queries the
 * same way and maps a folded position back to the original text, which the snippet's highlights
 * need (NFKC changes lengths: ｶﾞ → が is two characters to one, ㈱ → (株) one to three).
 * test/search/fold.test.ts checks both folds agree.
 */

const KATAKANA_START = 0x30a1; // ァ
const KATAKANA_END = 0x30f6; // ヶ
const ITERATION_MARKS = [0x30fd, 0x30fe]; // ヽ ヾ → ゝ ゞ
const KANA_OFFSET = 0x60;

function foldKana(text: string): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    result +=
      (code >= KATAKANA_START && code <= KATAKANA_END) || ITERATION_MARKS.includes(code)
        ? String.fromCodePoint(code - KANA_OFFSET)
        : char;
  }
  return result;
}

function foldPiece(text: string): string {
  return foldKana(text.normalize('NFKC').toLowerCase()).replace(/\s+/gu, '');
}

/** tsumiki_search_fold in JavaScript. */
export function searchFold(text: string): string {
  return foldPiece(text);
}

export interface FoldedText {
  folded: string;
  /** For each UTF-16 unit of `folded`: where its source starts in the original text. */
  starts: number[];
  /** For each UTF-16 unit of `folded`: where its source ends in the original text. */
  ends: number[];
}

// A character that composes with the one before it under NFKC: combining marks (including the
// voiced sound marks U+3099/U+309A and variation selectors) and the half-width ﾞ ﾟ.
const JOINS_PREVIOUS = /^[\p{M}\uff9e\uff9f]/u;

/**
 * Folds `text` keeping, for every folded unit, the range of the original it came from. The text
 * is folded in segments (a character with the marks that compose with it), which gives the same
 * result as folding it whole.
 */
export function foldWithOffsets(text: string): FoldedText {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const flush = (start: number, end: number) => {
    if (end <= start) return;
    const piece = foldPiece(text.slice(start, end));
    folded += piece;
    for (let index = 0; index < piece.length; index++) {
      starts.push(start);
      ends.push(end);
    }
  };
  let segmentStart = 0;
  let position = 0;
  for (const char of text) {
    if (position > segmentStart && !JOINS_PREVIOUS.test(char)) {
      flush(segmentStart, position);
      segmentStart = position;
    }
    position += char.length;
  }
  flush(segmentStart, text.length);
  return { folded, starts, ends };
}

/** The distinct bigrams of a folded text (as tsumiki_bigrams, by code point, none across '|'). */
export function bigramsOf(folded: string): string[] {
  const chars = [...folded];
  const terms = new Set<string>();
  for (let index = 0; index + 1 < chars.length; index++) {
    const term = `${chars[index]}${chars[index + 1]}`;
    if (!term.includes('|')) terms.add(term);
  }
  return [...terms];
}

// Kanji, katakana, Latin letters and digits carry the content of a Japanese question; bigrams
// with hiragana are mostly its grammar (「のよ」「ますか」) and bigrams with punctuation are noise.
// Decided before kana folding (which would turn katakana words into hiragana), then folded.
export const CONTENT_CHAR = /[\p{Script=Han}\p{Script=Katakana}\u30fc\u3005\p{Script=Latin}\p{N}]/u;
export const WORD_CHAR = /[\p{L}\p{N}\u30fc\u3005]/u;
// 何・誰 ask (何日, 何時, 誰が): the documents answer with the thing itself, never with them.
export const QUESTION_WORD = /[何誰]/u;

function pairsOf(text: string, keep: (char: string) => boolean): string[] {
  const chars = [...text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '')];
  const pairs = new Set<string>();
  for (let index = 0; index + 1 < chars.length; index++) {
    const [first, second] = [chars[index]!, chars[index + 1]!];
    if (keep(first) && keep(second)) pairs.add(searchFold(`${first}${second}`));
  }
  return [...pairs];
}

/**
 * The bigrams of a question that say what it is about: both characters kanji, katakana, Latin
 * letters or digits (「個人」「キャ」「5年」), folded like the index, none with 何 or 誰. A question without any (all
 * hiragana) keeps its bigrams of letters.
 */
export function contentBigramsOf(query: string): string[] {
  const content = pairsOf(query, (char) => CONTENT_CHAR.test(char) && !QUESTION_WORD.test(char));
  return content.length > 0 ? content : pairsOf(query, (char) => WORD_CHAR.test(char));
}

/**
 * The share (0..1) of the query's content bigrams that occur in `text`, each counted once; 0 when
 * it has none. For short queries such as a product's name; a question's passages are judged by
 * their weighted coverage instead (question-terms.ts), where extra words do not outvote the subject.
 */
export function contentCoverage(query: string, text: string): number {
  const terms = contentBigramsOf(query);
  if (terms.length === 0) return 0;
  const folded = searchFold(text);
  return terms.filter((term) => folded.includes(term)).length / terms.length;
}
