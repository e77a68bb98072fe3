import type { Db } from '../platform/db/database';
import type { User } from '../platform/db/schema';
import type { ClientInfo } from './auth-service';
import { DeviceCookies } from './device-cookies';
import { AUTH_MESSAGES, AuthRateLimitError } from './errors';
import { HashingBusyError, passwordHashing } from './password-hashing';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import {
  minutesUntil,
  pruneAttempts,
  reserveAttempt,
  secondsUntil,
  settleSuccess,
  signInKeys,
} from './sign-in-throttle';
import { normalizeEmail } from './users.repository';

export interface PasswordCheckInput {
  /** The account the email names, if there is one. */
  user: User | undefined;
  email: string;
  password: string;
  client: ClientInfo;
  now: Date;
}

/**
 * A password checked the way an anonymous caller may have it checked: through the sign-in
 * throttle (sign-in-throttle.ts) and the bounded hashing queue (password-hashing.ts). Sign-in
 * and the current password of a password change share it.
 */
export class PasswordChecks {
  readonly devices: DeviceCookies;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly hashCost: number,
  ) {
    this.devices = new DeviceCookies(secret);
  }

  /**
   * Whether the password is the user's. Throws AuthRateLimitError (429, Retry-After) when the
   * hashing queue is full or one of the attempt's throttle keys is waiting; then nothing was
   * counted and nothing hashed. An unknown email is checked against a dummy hash, so that the
   * answer and its timing are those of a real account.
   */
  async check({ user, email, password, client, now }: PasswordCheckInput): Promise<boolean> {
    const deviceMark = this.devices.knownDevice(client.device, user?.id);
    const keys = signInKeys(normalizeEmail(email), client.ip ?? 'unknown', deviceMark);
    // Admission first: under a storm, a refusal costs neither a database write nor a hash.
    const ticket = this.admit(deviceMark ? 'known-device' : 'public');
    try {
      const reservation = await reserveAttempt(this.db, keys, now);
      if (!reservation.ok) {
        const seconds = secondsUntil(reservation.until, now);
        throw new AuthRateLimitError(
          reservation.kind === 'ip'
            ? AUTH_MESSAGES.signInSlowed(seconds)
            : AUTH_MESSAGES.signInLocked(minutesUntil(reservation.until, now)),
          seconds,
        );
      }
      const stored = user?.password_hash ?? (await dummyPasswordHash(this.hashCost));
      const matches = (await verifyPassword(password, stored, ticket)) && Boolean(user?.password_hash);
      if (matches) await settleSuccess(this.db, keys);
      else await pruneAttempts(this.db, now);
      return matches;
    } finally {
      ticket.release();
    }
  }

  /**
   * A new password's hash, on the bounded queue like a check: sign-up and password changes are
   * open to anyone with an invitation or a session.
   */
  async hash(password: string): Promise<string> {
    const ticket = this.admit('public');
    try {
      return await hashPassword(password, this.hashCost, ticket);
    } finally {
      ticket.release();
    }
  }

  private admit(lane: 'known-device' | 'public') {
    try {
      return passwordHashing().admit(lane);
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      throw new AuthRateLimitError(
        AUTH_MESSAGES.signInBusy(error.retryAfterSeconds),
        error.retryAfterSeconds,
      );
    }
  }
}
