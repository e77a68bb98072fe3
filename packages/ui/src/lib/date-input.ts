import { type DateFormatOptions, type DateInput, formatter, toDate, tz } from './date';

// Apart from date.ts, which the first screens load: only date fields need these.

/** 和暦: `令和8年11月22日`, `令和元年5月1日`, `平成31年4月30日`. */
export function formatWareki(value: DateInput, options: DateFormatOptions = {}): string {
  return formatter('ja-JP-u-ca-japanese', {
    era: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...tz(options),
  }).format(toDate(value));
}

/**
 * Reads a date typed by a person: `2026/11/22`, `2026-11-22`, `2026.11.22`, `20261122`,
 * `2026年11月22日`, full-width digits included. Returns the ISO date `2026-11-22`, or null when the
 * text is not a real calendar date.
 */
export function parseDateInput(text: string): string | null {
  const normalized = text.normalize('NFKC').trim();
  const match =
    /^(\d{4})[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/u.exec(normalized) ??
    /^(\d{4})(\d{2})(\d{2})$/u.exec(normalized);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** `2026-11-22` → `2026/11/22`; anything that is not an ISO date comes back unchanged. */
export function isoDateToSlashes(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(isoDate);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : isoDate;
}

/** An ISO date (`2026-11-22`) as a local Date at midnight, for 和暦 display of a date-only value. */
export function isoDateToLocalDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(isoDate);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
