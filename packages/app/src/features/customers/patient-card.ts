import { formatBirthDate, GENDER_LABELS, KANA_ROW_LABELS, readDate, todayIn } from '@tsumiki/api-client';
import { getDisplayTimeZone } from '../../lib/format';
import type { Gender, KanaRow } from './customer-fields';

/**
 * The patient card as the screens show it: 診察券番号 as stored, 生年月日 in 和暦 with the age on
 * the tenant's today, 性別 by its label, and the 五十音 tabs. The 和暦 rules themselves are
 * @tsumiki/api-client's (the server reads and writes dates with the same ones).
 */

/** A 診察券番号 as stored: full-width folded, upper case. */
export function patientNumberText(value: string): string {
  return value.normalize('NFKC').trim().toUpperCase();
}

/** Today on the tenant's calendar (its time zone, Asia/Tokyo unless it chose another). */
export function tenantToday(): string {
  return todayIn(getDisplayTimeZone());
}

/** 「昭和55年4月1日（46歳）」, or null without a birth date. */
export function birthDateLabel(birthDate: string | null): string | null {
  return birthDate ? formatBirthDate(birthDate, tenantToday()) : null;
}

/** What a typed birth date will be saved as, for the hint under the field; null while empty. */
export function birthDatePreview(typed: string): { ok: boolean; text: string } | null {
  if (typed.trim() === '') return null;
  const reading = readDate(typed, tenantToday());
  return reading.ok
    ? { ok: true, text: formatBirthDate(reading.date, tenantToday()) }
    : { ok: false, text: reading.reason };
}

export function genderLabel(gender: Gender | null): string | null {
  return gender ? GENDER_LABELS[gender] : null;
}

export const GENDER_OPTIONS = (Object.entries(GENDER_LABELS) as [Gender, string][]).map(([value, label]) => ({
  value,
  label,
}));

/** The tabs of the list's 五十音 index, すべて first. */
export const KANA_ROWS = Object.keys(KANA_ROW_LABELS) as KanaRow[];

export function kanaRowLabel(row: KanaRow): string {
  return KANA_ROW_LABELS[row];
}
