import { sql } from 'kysely';
import type { TenantTransaction } from '../db/tenant-scope';
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

/** The tenant's own clock (its `time_zone`), which dates in files, mails and reports follow. */
export async function tenantTimeZone(tx: TenantTransaction): Promise<string> {
  const rows = await sql<{
    time_zone: string;
  }>`select time_zone from tenants where id = ${tx.tenantId}`.execute(tx);
  return rows.rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
}

export interface LocalDateTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** The wall-clock parts of `date` in `timeZone`, zero-padded (month '04', hour '09'). */
export function localDateTime(date: Date, timeZone: string): LocalDateTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The hour (0–23) that `date` is in `timeZone`. */
export function localHour(date: Date, timeZone: string): number {
  return Number(localDateTime(date, timeZone).hour);
}

/** The date of `date` in `timeZone` as YYYYMMDD, for file names. */
export function compactLocalDate(date: Date, timeZone: string): string {
  const { year, month, day } = localDateTime(date, timeZone);
  return `${year}${month}${day}`;
}
