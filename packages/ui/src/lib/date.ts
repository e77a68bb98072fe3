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

const HOUR_MS = 3_600_000;

/**
 * Zones whose clocks have kept one offset from UTC since 1952 (Japan has had no daylight saving
 * time since 1951), in milliseconds ahead of UTC. Their wall clock is arithmetic: the first
 * Intl.DateTimeFormat with a time zone that a page makes loads the zone data, a long task on a
 * slow phone's first screen.
 */
const FIXED_OFFSETS: ReadonlyMap<string, number> = new Map([
  ['Asia/Tokyo', 9 * HOUR_MS],
  ['UTC', 0],
  ['Etc/UTC', 0],
]);
const FIXED_SINCE = Date.UTC(1952, 0, 1);

/** A wall clock's reading: month 1–12, hour 0–23. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/**
 * What a wall clock in `timeZone` (the viewer's when absent) shows at `value`. An unknown zone
 * throws a RangeError, as `new Intl.DateTimeFormat` does; so does an invalid date.
 */
export function wallClock(value: DateInput, timeZone?: string): WallClock {
  const date = toDate(value);
  const time = date.getTime();
  // How far the zone's clock is ahead of UTC: the viewer's own zone from the Date, a fixed-offset
  // zone from the table; the wall clock is then UTC's, shifted by it.
  const offset =
    timeZone === undefined
      ? -date.getTimezoneOffset() * 60_000
      : time >= FIXED_SINCE
        ? FIXED_OFFSETS.get(timeZone)
        : undefined;
  if (!Number.isNaN(time) && offset !== undefined) {
    const shifted = new Date(time + offset);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  const values: Record<string, number> = {};
  for (const part of formatter('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(time)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return values as WallClock;
}

const pad = (value: number) => String(value).padStart(2, '0');

function parts(value: DateInput, timeZone: string | undefined) {
  const clock = wallClock(value, timeZone);
  return {
    year: String(clock.year),
    month: pad(clock.month),
    day: pad(clock.day),
    hour: pad(clock.hour),
    minute: pad(clock.minute),
  };
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
