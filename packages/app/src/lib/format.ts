import { formatDate, formatDateTime } from '@tsumiki/ui';

// Made on first use, not when the module loads: the first Intl object of a page loads the
// locale's data, a long moment on a slow phone's main thread before anything is shown.
let countFormat: Intl.NumberFormat | undefined;

export function formatCount(value: number): string {
  countFormat ??= new Intl.NumberFormat('ja-JP');
  return countFormat.format(value);
}

/** A tenant without a time zone of its own is in Japan. */
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/**
 * The zone times are shown in: the current tenant's (tenant-me's `time_zone`), whatever the
 * device says. The session sets it when the user (or the tenant) changes; one tenant is active
 * at a time.
 */
let displayTimeZone: string = DEFAULT_TIME_ZONE;

/**
 * Wall-clock formatters by zone (see wallClock), also the answer to whether a zone is valid: an
 * Intl.DateTimeFormat with a time zone is costly to make, and the session asks on every render.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat | null>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = wallClockFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** True for an IANA name this browser knows, e.g. Asia/Tokyo. */
export function isValidTimeZone(zone: string | null | undefined): zone is string {
  return Boolean(zone) && wallClockFormat(zone as string) !== null;
}

export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayTimeZone = isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

export function getDisplayTimeZone(): string {
  return displayTimeZone;
}

/** `2026/11/22 14:05` in the tenant's zone. */
export function formatTenantDateTime(value: string | Date, timeZone: string = displayTimeZone): string {
  return formatDateTime(value, { timeZone });
}

/** `2026/11/22` in the tenant's zone. */
export function formatTenantDate(value: string | Date, timeZone: string = displayTimeZone): string {
  return formatDate(value, { timeZone });
}

/** Year, month, day, hour, minute, second of an instant as a wall clock in `timeZone` shows them. */
function wallClock(instant: number, timeZone: string): number[] {
  const values: Record<string, number> = {};
  const format = wallClockFormat(timeZone);
  // An unknown zone throws here as `new Intl.DateTimeFormat` does.
  if (!format) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  for (const part of format.formatToParts(instant)) values[part.type] = Number(part.value);
  return [values.year, values.month, values.day, values.hour, values.minute, values.second].map(Number);
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const [year, month, day, hour, minute, second] = wallClock(instant, timeZone) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of the current month in the tenant's zone, as ISO 8601: for a clinic in
 * Japan, 「今月」 starts at 00:00 JST on the 1st whatever the device's zone is.
 */
export function startOfMonth(now: Date = new Date(), timeZone: string = displayTimeZone): string {
  const [year, month] = wallClock(now.getTime(), timeZone) as [number, number];
  const wallMidnight = Date.UTC(year, month - 1, 1);
  // The zone's offset at that midnight; checked once more across a DST change.
  let instant = wallMidnight - zoneOffset(wallMidnight, timeZone);
  instant = wallMidnight - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

/**
 * The first instant of a day (`YYYY-MM-DD`) in the tenant's zone, as ISO 8601: 「11月1日から」
 * starts at 00:00 JST whatever the device's zone is.
 */
export function startOfDay(date: string, timeZone: string = displayTimeZone): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(year, month - 1, day);
  let instant = wallMidnight - zoneOffset(wallMidnight, timeZone);
  instant = wallMidnight - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The day after `YYYY-MM-DD`, as `YYYY-MM-DD`. */
export function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** A same-origin path to return to after sign-in, or '/' for anything else. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Browsers drop tabs and line breaks from URLs and read a backslash as a slash, so `/\t/evil`
  // would become `//evil` (another site) once used in a link.
  if (Array.from(value).some((char) => char < ' ' || char === '\u007f' || char === '\\')) return '/';
  return value;
}
