/**
 * Date display for Japanese UI: `2026/11/22`, `2026/11/22 14:05`, `2026年11月22日`, 和暦
 * (`令和8年11月22日`) and relative time (`たった今`, `5分前`, `3時間前`, `昨日`). Times are shown in
 * the viewer's time zone unless `timeZone` is given.
 */

export type DateInput = Date | string | number;

export type DateFormatOptions = {
  /** IANA time zone, e.g. `Asia/Tokyo`; defaults to the viewer's. */
  timeZone?: string;
};

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

function parts(value: DateInput, timeZone: string | undefined) {
  const map: Record<string, string> = {};
  for (const part of formatter('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(toDate(value))) {
    map[part.type] = part.value;
  }
  return map as { year: string; month: string; day: string; hour: string; minute: string };
}

/** `2026/11/22`. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const { year, month, day } = parts(value, options.timeZone);
  return `${year}/${month}/${day}`;
}

/** `2026/11/22 14:05` (24-hour clock). */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const { year, month, day, hour, minute } = parts(value, options.timeZone);
  return `${year}/${month}/${day} ${hour}:${minute}`;
}

/** `2026年11月22日`. */
export function formatJapaneseDate(value: DateInput, options: DateFormatOptions = {}): string {
  return formatter('ja-JP', { dateStyle: 'long', ...tz(options) }).format(toDate(value));
}

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

function tz(options: DateFormatOptions): Intl.DateTimeFormatOptions {
  return options.timeZone ? { timeZone: options.timeZone } : {};
}

const relativeFormat = new Intl.RelativeTimeFormat('ja', { numeric: 'auto' });

export type RelativeTimeOptions = DateFormatOptions & {
  /** The present; defaults to now (pass one for stable tests and screenshots). */
  now?: DateInput;
  /** Text for anything under a minute; Intl says 今, the product says たった今. */
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
  if (minutes < 60) return compact(relativeFormat.format(-minutes, 'minute'));
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return compact(relativeFormat.format(-hours, 'hour'));
  const yesterday = new Date(now.getTime() - 86_400_000);
  if (formatDate(yesterday, options) === formatDate(date, options)) return relativeFormat.format(-1, 'day');
  return formatDate(date, options);
}

/** Intl writes `5 分前`; Japanese UI text has no space between a number and its unit. */
function compact(text: string): string {
  return text.replace(/(\d)\s+/gu, '$1');
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
