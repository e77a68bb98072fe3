import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, AuthServiceError, WeakPasswordError } from './errors';
import { type HashTicket, passwordHashing } from './password-hashing';

/**
 * scrypt's cost N as OWASP's password storage cheat sheet asks (≥ 2^17 with r = 8, p = 1:
 * 128 MiB and about 0.6 s a hash on the 2-core machines we run on). The parameters travel inside
 * each hash, so a stored hash with a lower cost still verifies and is replaced by one at this
 * cost at its next successful sign-in (see needsRehash).
 */
export const PASSWORD_HASH_COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
/** 128 · N · r bytes for N = 2^17, r = 8 is 128 MiB; allow twice that. */
const MAX_MEMORY = 256 * 1024 * 1024;

/** On the hashing threads (password-hashing.ts), in the ticket's lane when the caller has one. */
function derive(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
  keyLength: number,
  ticket: HashTicket | undefined,
): Promise<Buffer> {
  return passwordHashing().derive(
    { password: password.normalize('NFKC'), salt, keyLength, options: { ...options, maxmem: MAX_MEMORY } },
    ticket,
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key base64url. */
export async function hashPassword(
  password: string,
  cost: number = PASSWORD_HASH_COST,
  ticket?: HashTicket,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM }, KEY_LENGTH, ticket);
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  const [cost, blockSize, parallelism] = [Number(n), Number(r), Number(p)];
  // A hash someone wrote by hand must not make the server allocate without bound.
  if (![cost, blockSize, parallelism].every(Number.isSafeInteger) || 128 * cost * blockSize > MAX_MEMORY)
    return null;
  return { cost, blockSize, parallelism, salt, key };
}

export async function verifyPassword(
  password: string,
  stored: string,
  ticket?: HashTicket,
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(parsed.salt, 'base64url'),
    { N: parsed.cost, r: parsed.blockSize, p: parsed.parallelism },
    expected.length,
    ticket,
  );
  return timingSafeEqual(actual, expected);
}

/** Whether a hash that just verified was made with weaker parameters than `cost`. */
export function needsRehash(stored: string, cost: number = PASSWORD_HASH_COST): boolean {
  const parsed = parse(stored);
  return parsed === null || parsed.cost < cost || parsed.blockSize < BLOCK_SIZE;
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password, checked when the email is unknown (or has no password) so that
 * the answer takes as long as for a real account and timing reveals nothing.
 */
export function dummyPasswordHash(cost: number = PASSWORD_HASH_COST): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, hash);
    // A failed hash is not kept: the next sign-in tries again.
    hash.catch(() => dummyHashes.delete(cost));
  }
  return hash;
}

/** NIST SP 800-63B: at least 8 characters, and at least 64 accepted (more is only a DoS lever). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Characters as people count them: code points of the normalised form scrypt hashes. */
export function passwordLength(password: string): number {
  return Array.from(password.normalize('NFKC')).length;
}

/** Whether two passwords hash alike (the same text after the normalisation scrypt applies). */
export function samePassword(a: string, b: string): boolean {
  return a.normalize('NFKC') === b.normalize('NFKC');
}

/** Refuses a new password the rules do not allow (length only: NIST SP 800-63B, no composition rules). */
export function assertAcceptablePassword(password: string): void {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    throw new WeakPasswordError(AUTH_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH), ['length']);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH));
  }
}
