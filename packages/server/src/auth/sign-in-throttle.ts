import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from '../platform/db/database';

/**
 * Throttling of password sign-ins, after OWASP's authentication cheat sheet ("account lockout"
 * and "device cookies"): wrong passwords are counted, not sign-ins, so a clinic's staff behind
 * one office address do not block each other.
 *
 * - Per address: many failures from one address lock that address for a while (a guesser
 *   spraying many accounts).
 * - Per account: a few failures against one email lock that email for browsers that have never
 *   signed in to it, with a lock that grows as failures go on (a guesser on one account, from
 *   however many addresses).
 * - Per device: a browser that signed in to the account before carries a signed cookie naming
 *   that account; its failures are counted on the cookie instead, so an attacker who locks the
 *   account does not lock its real user out of the browser they always use.
 *
 * Counters live in PostgreSQL (auth_sign_in_failures), shared by every server process.
 */

const MINUTE = 60_000;

interface Policy {
  /** Failures within the window before the lock. */
  limit: number;
  windowMs: number;
  /** How long the key stays locked after its `failures`-th failure (failures ≥ limit). */
  lockMs: (failures: number) => number;
}

export const SIGN_IN_POLICIES = {
  ip: { limit: 50, windowMs: 15 * MINUTE, lockMs: () => 15 * MINUTE },
  // 1, 2, 4, 8, 15, 15 … minutes: five guesses per quarter hour at most, then fewer.
  account: {
    limit: 5,
    windowMs: 15 * MINUTE,
    lockMs: (failures: number) => Math.min(2 ** (failures - 5), 15) * MINUTE,
  },
  device: { limit: 10, windowMs: 15 * MINUTE, lockMs: () => 15 * MINUTE },
} satisfies Record<string, Policy>;

type Kind = keyof typeof SIGN_IN_POLICIES;

export interface ThrottleKey {
  kind: Kind;
  key: string;
}

export function throttleKey(kind: Kind, value: string): ThrottleKey {
  return { kind, key: `${kind}:${value}` };
}

/** The latest time until which any of the keys is locked, or null when none is. */
export async function lockedUntil(db: DbExecutor, keys: ThrottleKey[], now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('auth_sign_in_failures')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where(
      'key',
      'in',
      keys.map((key) => key.key),
    )
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : null;
}

/** Counts one failure on each key; a key over its policy's limit gets locked. */
export async function recordFailure(db: DbExecutor, keys: ThrottleKey[], now: Date): Promise<void> {
  for (const { kind, key } of keys) {
    const policy: Policy = SIGN_IN_POLICIES[kind];
    const windowStart = new Date(now.getTime() - policy.windowMs);
    const row = await db
      .insertInto('auth_sign_in_failures')
      .values({ key, failures: 1, window_started_at: now, last_failed_at: now, locked_until: null })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          // A window that has passed starts again from this failure.
          failures: sql`case when auth_sign_in_failures.window_started_at < ${windowStart} then 1 else auth_sign_in_failures.failures + 1 end`,
          window_started_at: sql`case when auth_sign_in_failures.window_started_at < ${windowStart} then ${now} else auth_sign_in_failures.window_started_at end`,
          last_failed_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (row.failures >= policy.limit) {
      await db
        .updateTable('auth_sign_in_failures')
        .set({ locked_until: new Date(now.getTime() + policy.lockMs(row.failures)) })
        .where('key', '=', key)
        .execute();
    }
  }
  // Counters nobody has touched for a day are of no use to anybody.
  await db
    .deleteFrom('auth_sign_in_failures')
    .where('last_failed_at', '<', new Date(now.getTime() - 24 * 60 * MINUTE))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

/** A successful sign-in clears what the failures before it counted on these keys. */
export async function clearFailures(db: DbExecutor, keys: ThrottleKey[]): Promise<void> {
  await db
    .deleteFrom('auth_sign_in_failures')
    .where(
      'key',
      'in',
      keys.map((key) => key.key),
    )
    .execute();
}

/** Whole minutes until `until`, at least 1, for the message people read. */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}

export const DEVICE_COOKIE = 'tsumiki_device';
/** Half a year: a browser people use every week stays known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface Device {
  id: string;
  userId: string;
}

/**
 * Signs and reads the device cookie `<userId>.<deviceId>.<hmac>`: nothing secret in it, and
 * nothing a browser can make up, because only the server holds the key.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('tsumiki sign-in device cookie').digest();
  }

  issue(userId: string, existing?: Device | null): string {
    const id = existing?.userId === userId ? existing.id : randomBytes(16).toString('base64url');
    return `${userId}.${id}.${this.sign(userId, id)}`;
  }

  read(value: string | undefined): Device | null {
    if (!value) return null;
    const [userId, id, signature] = value.split('.');
    if (!userId || !id || !signature || userId.length > 64 || id.length > 64) return null;
    const expected = Buffer.from(this.sign(userId, id));
    const actual = Buffer.from(signature);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    return { id, userId };
  }

  private sign(userId: string, id: string): string {
    return createHmac('sha256', this.key).update(`${userId}.${id}`).digest('base64url');
  }
}

/** The value of one cookie from a Cookie header (no cookie library for one name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
