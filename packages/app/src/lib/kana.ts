/**
 * Input conversion for customer fields. フリガナ is stored in full-width katakana, so hiragana and
 * half-width katakana typed there are converted; phone numbers and postal codes are stored with
 * half-width digits, so full-width ones (typed with the IME on) are folded.
 */

const HIRAGANA_START = 0x3041; // ぁ
const HIRAGANA_END = 0x3096; // ゖ
const HIRAGANA_ITERATION = 0x309d; // ゝ (and ゞ) → ヽ ヾ
const KANA_OFFSET = 0x60;
const HALF_WIDTH_KATAKANA = /[\uFF61-\uFF9F]+/gu;

/**
 * Hiragana → katakana (さとう → サトウ, ゔ → ヴ), half-width katakana → full-width (ｻﾄｳ → サトウ,
 * ｶﾞ → ガ, ｰ → ー); everything else as is. Run it on finished text only, never in the middle of an
 * IME composition.
 */
export function toFullWidthKatakana(text: string): string {
  let result = '';
  // NFC joins a voiced mark to the kana before it even when they were converted separately
  // (カ + ﾞ typed one at a time → ガ).
  for (const char of text.replace(HALF_WIDTH_KATAKANA, (run) => run.normalize('NFKC')).normalize('NFC')) {
    const code = char.codePointAt(0)!;
    const isHiragana =
      (code >= HIRAGANA_START && code <= HIRAGANA_END) ||
      code === HIRAGANA_ITERATION ||
      code === HIRAGANA_ITERATION + 1;
    result += isHiragana ? String.fromCodePoint(code + KANA_OFFSET) : char;
  }
  return result;
}

const FULL_WIDTH_DIGIT_OR_SIGN = /[０-９＋（）]/gu;
/** Dashes people type in a phone number: full-width hyphen, minus signs, dashes, and the long vowel
 * mark ー that a Japanese IME gives for the - key. */
const DASHES = /[－‐‑‒–—―−ーｰ]/gu;

/** Full-width digits, ＋ （ ） and dash-like characters → half-width; the ideographic space → space. */
export function toHalfWidthDigits(text: string): string {
  return text
    .replace(FULL_WIDTH_DIGIT_OR_SIGN, (char) => String.fromCodePoint(char.codePointAt(0)! - 0xfee0))
    .replace(DASHES, '-')
    .replace(/\u3000/gu, ' ');
}

/** The seven digits of a postal code typed in any width, or null while it is not seven digits. */
export function postalCodeDigits(text: string): string | null {
  const folded = toHalfWidthDigits(text).trim();
  return /^\d{3}-?\d{4}$/u.test(folded) ? folded.replace('-', '') : null;
}
