import { ValidationFailedError } from '../errors';

/** The zone of a tenant that never chose one: clinics in Japan expect JST. */
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

// A zone name, not a UTC offset (Intl also takes "+09:00"); the column's check says the same.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical IANA name of `name` (e.g. Japan → Asia/Tokyo), or null if the runtime knows no such zone. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The canonical name, else 422 on `time_zone`. */
export function assertTimeZone(name: string): string {
  const canonical = canonicalTimeZone(name);
  if (!canonical) {
    throw new ValidationFailedError([
      { field: 'time_zone', message: 'タイムゾーンは IANA の名前で指定してください（例 Asia/Tokyo）' },
    ]);
  }
  return canonical;
}
