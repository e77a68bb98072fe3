/**
 * Input conversion for customer fields. フリガナ is stored in full-width katakana, so hiragana and
 * half-width katakana typed there are converted; phone numbers and postal codes are stored with
 * half-width digits, so full-width ones (typed with the IME on) are folded.
 */

import { toHalfWidthDigits } from '@tsumiki/api-client';

// One home for the conversions (the server's CSV import uses them too).
export { toFullWidthKatakana, toHalfWidthDigits } from '@tsumiki/api-client';

/** The seven digits of a postal code typed in any width, or null while it is not seven digits. */
export function postalCodeDigits(text: string): string | null {
  const folded = toHalfWidthDigits(text).trim();
  return /^\d{3}-?\d{4}$/u.test(folded) ? folded.replace('-', '') : null;
}
