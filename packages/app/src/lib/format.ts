import { formatDate, formatDateTime, wallClock } from '@tsumiki/ui';

// Made on first use, not when the module loads: the first Intl object of a page loads the
// locale's data, a long moment on a slow phone's main thread before anything is shown.
let countFormat: Intl.NumberFormat | undefined;

/**
 * `12,345` as Japanese text writes a number. A whole number (every count) is grouped here by
 * arithmetic, without the Intl object the dashboard's first render would otherwise wait for;
 * anything else goes through Intl.
 */
export function formatCount(value: number): string {
  // A comma before each group of three digits from the right (never right after a minus sign).
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+$)/gu, ',');
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
 * Whether this browser knows a zone, by zone: an Intl.DateTimeFormat with a time zone is costly
 * to make, and the session asks on every render.
 */
const knownZones = new Map<string, boolean>();

/** True for an IANA name this browser knows, e.g. Asia/Tokyo. */
export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      // Asia/Tokyo and UTC are read without Intl; for another zone this makes (and keeps) the
      // formatter its times are read with, and an unknown zone throws.
      wallClock(0, zone);
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
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

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of the current month in the tenant's zone, as ISO 8601: for a clinic in
 * Japan, 「今月」 starts at 00:00 JST on the 1st whatever the device's zone is.
 */
export function startOfMonth(now: Date = new Date(), timeZone: string = displayTimeZone): string {
  const { year, month } = wallClock(now, timeZone);
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
