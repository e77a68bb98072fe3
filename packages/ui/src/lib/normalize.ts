/**
 * Text normalisation for search in Japanese: the same query must match whether it was typed in
 * full-width or half-width, katakana or hiragana, upper or lower case.
 */

const KATAKANA_START = 0x30a1; // ァ
const KATAKANA_END = 0x30f6; // ヶ
const KANA_OFFSET = 0x60; // ァ (U+30A1) − ぁ (U+3041)

/** Katakana → hiragana (ア→あ, ヴ→ゔ); the long vowel mark ー and everything else stay. */
export function foldKana(text: string): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    result +=
      code >= KATAKANA_START && code <= KATAKANA_END ? String.fromCodePoint(code - KANA_OFFSET) : char;
  }
  return result;
}

/**
 * NFKC (full-width ＡＢＣ１２３ → ABC123, half-width ｶﾀｶﾅ → カタカナ), lower case, katakana folded
 * to hiragana, runs of white space (including the ideographic space 　) collapsed to one, trimmed.
 */
export function normalizeSearchText(text: string): string {
  return foldKana(text.normalize('NFKC').toLowerCase()).replace(/\s+/gu, ' ').trim();
}

/** Whether `text` contains `query` once both are normalised; an empty query matches everything. */
export function matchesSearch(text: string, query: string): boolean {
  const needle = normalizeSearchText(query);
  if (needle === '') return true;
  return normalizeSearchText(text).includes(needle);
}
