import { sql } from 'kysely';
import type { Db, DbExecutor } from '../platform/db/database';

/**
 * Throttling of password checks (sign-ins, and the current password of a password change),
 * after OWASP's authentication cheat sheet. Wrong guesses are limited where a guesser is, and
 * nobody who signed in before is locked out by somebody else.
 *
 * - Per account and address (`pair`): 5 guesses, then 1, 2, 4, 8, 15, 15 … minutes between
 *   guesses, until an hour passes without one. One guesser, or one person who forgot their password,
 *   stops only themselves: a colleague behind the same office address is not touched.
 * - Per account (`account`): 10 guesses from anywhere, then the same growing waits. A guesser
 *   spread over many addresses gets no more than that; the lock keeps out browsers that have
 *   never signed in to the account, not the account's own.
 * - Per known browser (`device`): a browser that signed in to the account before carries a
 *   device cookie with a mark for it (device-cookies.ts). It is counted on its own (10, then
 *   growing waits) instead of by account, address or pair, so an attacker who locks the
 *   account, or floods the office's address, does not lock the real user out of the browser
 *   they always use.
 * - Per address (`ip`): a ceiling of 50 failed guesses in 15 minutes over all accounts, for
 *   unknown browsers only, that slows down (5, 10, 20, 40, 60 s between guesses) but never
 *   locks: a sprayer gets one guess a minute, and a clinic behind one NAT, or every user of a
 *   deployment behind a proxy without TRUST_PROXY, waits a minute at worst.
 *
 * Every attempt is counted on its keys before its password is checked, in one transaction that
 * holds an advisory lock per key: N parallel guesses count N, and once a key reaches its limit
 * the guesses after it are refused (429) without being checked. A right password then takes its
 * attempt back: the account, pair and device counts start again, the address count loses one
 * and its wait ends.
 * Refused attempts are not counted (the lock cannot be stretched for free).
 *
 * Counters live in PostgreSQL (auth_sign_in_failures), shared by every server process. Keys
 * hold the normalised email typed, whether an account exists or not, so nothing can be
 * learnt about which accounts exist.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

interface Policy {
  /** Attempts that may fail before the key waits. */
  limit: number;
  /**
   * When the count starts again: `windowMs` after its first attempt (a rate), or after
   * `windowMs` without any attempt (a budget only a quiet spell restores, so the waits keep
   * growing; longer than the longest wait).
   */
  restart: 'after-window' | 'after-quiet';
  windowMs: number;
  /** How long the key waits after its `attempts`-th attempt (attempts ≥ limit). */
  lockMs: (attempts: number) => number;
}

const growing = (limit: number) => (attempts: number) => Math.min(2 ** (attempts - limit), 15) * MINUTE;

export const SIGN_IN_POLICIES = {
  pair: { limit: 5, restart: 'after-quiet', windowMs: HOUR, lockMs: growing(5) },
  account: { limit: 10, restart: 'after-quiet', windowMs: HOUR, lockMs: growing(10) },
  device: { limit: 10, restart: 'after-quiet', windowMs: HOUR, lockMs: growing(10) },
  ip: {
    limit: 50,
    restart: 'after-window',
    windowMs: 15 * MINUTE,
    lockMs: (attempts: number) => Math.min(5 * 2 ** (attempts - 50), 60) * SECOND,
  },
  // Second-factor codes (TOTP and recovery codes) of one user, from anywhere: whoever tries
  // them holds the password already, and a 6-digit code has only a million values. 5 wrong
  // codes, then 1, 2, 4, 8, 15 … minutes between tries until an hour passes without one.
  factor: { limit: 5, restart: 'after-quiet', windowMs: HOUR, lockMs: growing(5) },
} satisfies Record<string, Policy>;

export type ThrottleKind = keyof typeof SIGN_IN_POLICIES;

export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

export function throttleKey(kind: ThrottleKind, value: string): ThrottleKey {
  return { kind, key: `${kind}:${value}` };
}

/**
 * The keys of one password check: the browser's mark when it has signed in to the account
 * before, else the account, the account from this address, and the address.
 */
export function signInKeys(email: string, ip: string, deviceMark: string | null): ThrottleKey[] {
  if (deviceMark) return [throttleKey('device', deviceMark)];
  return [throttleKey('pair', `${ip}|${email}`), throttleKey('account', email), throttleKey('ip', ip)];
}

export type Reservation = { ok: true } | { ok: false; kind: ThrottleKind; until: Date };

/** Counts one attempt on every key, unless one of them is waiting: then nothing is counted. */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], now: Date): Promise<Reservation> {
  const names = keys.map((key) => key.key);
  return db.transaction().execute(async (tx) => {
    // In the order of the lock ids, so that two attempts sharing keys cannot deadlock.
    await sql`select pg_advisory_xact_lock(lock_id) from (
      select distinct hashtextextended(name, 0) as lock_id from unnest(${names}::text[]) as name order by lock_id
    ) as ordered`.execute(tx);
    const rows = await tx.selectFrom('auth_sign_in_failures').selectAll().where('key', 'in', names).execute();
    const stored = new Map(rows.map((row) => [row.key, row]));

    let refused: Reservation = { ok: true };
    for (const { kind, key } of keys) {
      const until = stored.get(key)?.locked_until;
      if (until && until > now && (refused.ok || until > refused.until)) refused = { ok: false, kind, until };
    }
    if (!refused.ok) return refused;

    const counted = keys.map(({ kind, key }) => {
      const policy: Policy = SIGN_IN_POLICIES[kind];
      const row = stored.get(key);
      const since = policy.restart === 'after-window' ? row?.window_started_at : row?.last_failed_at;
      const again = !row || !since || since.getTime() <= now.getTime() - policy.windowMs;
      const failures = again ? 1 : row.failures + 1;
      return {
        key,
        failures,
        window_started_at: again ? now : row.window_started_at,
        last_failed_at: now,
        locked_until: failures >= policy.limit ? new Date(now.getTime() + policy.lockMs(failures)) : null,
      };
    });
    await tx
      .insertInto('auth_sign_in_failures')
      .values(counted)
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          failures: eb.ref('excluded.failures'),
          window_started_at: eb.ref('excluded.window_started_at'),
          last_failed_at: eb.ref('excluded.last_failed_at'),
          locked_until: eb.ref('excluded.locked_until'),
        })),
      )
      .execute();
    return { ok: true };
  });
}

/**
 * The password was right: the account's, pair's and browser's counts start again (OWASP). The
 * address gets this attempt back and stops waiting (somebody legitimate is behind it), but
 * keeps what others behind it got wrong: the next failure there waits again.
 */
export async function settleSuccess(db: DbExecutor, keys: ThrottleKey[]): Promise<void> {
  const reset = keys.filter((key) => key.kind !== 'ip').map((key) => key.key);
  const shared = keys.filter((key) => key.kind === 'ip').map((key) => key.key);
  await sql`
    with reset as (
      delete from auth_sign_in_failures where key = any(${reset}::text[])
    ), emptied as (
      delete from auth_sign_in_failures where key = any(${shared}::text[]) and failures <= 1
    )
    update auth_sign_in_failures set failures = failures - 1, locked_until = null
    where key = any(${shared}::text[]) and failures > 1
  `.execute(db);
}

/** Counters nobody has touched for a day are of no use to anybody. */
export async function pruneAttempts(db: DbExecutor, now: Date): Promise<void> {
  await db
    .deleteFrom('auth_sign_in_failures')
    .where('last_failed_at', '<', new Date(now.getTime() - 24 * 60 * MINUTE))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

/** Whole seconds until `until`, at least 1 (Retry-After). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / SECOND));
}

/** Whole minutes until `until`, at least 1, for the message people read. */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}
