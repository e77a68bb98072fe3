import { type DateFormatOptions, type DateInput, formatDate, toDate } from './date';

// Apart from date.ts, which the first screens load: only lists of recent things need it.
// The words are written here rather than by Intl.RelativeTimeFormat: making one loads the
// locale's data, a long task on a slow phone when the top bar's bell first loads this module.

export type RelativeTimeOptions = DateFormatOptions & {
  /** The present; defaults to now (pass one for stable tests and screenshots). */
  now?: DateInput;
  /** Text for anything under a minute; たった今 unless given. */
  justNow?: string;
};

/**
 * `たった今` under a minute, `5分前` under an hour, `3時間前` under a day, `昨日` for the previous
 * calendar day, then `2026/11/20`. A time in the future (clock skew) reads as たった今 within a
 * minute, else as its date.
 */
export function formatRelativeTime(value: DateInput, options: RelativeTimeOptions = {}): string {
  const date = toDate(value);
  const now = toDate(options.now ?? Date.now());
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (seconds < 60 && seconds > -60) return options.justNow ?? 'たった今';
  if (seconds < 0) return formatDate(date, options);
  const minutes = Math.floor(seconds / 60);
  // Japanese UI text has no space between a number and its unit (Intl writes `5 分前`).
  if (minutes < 60) return `${minutes}分前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}時間前`;
  const yesterday = new Date(now.getTime() - 86_400_000);
  if (formatDate(yesterday, options) === formatDate(date, options)) return '昨日';
  return formatDate(date, options);
}
