import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token a refresh token is rotated to, derived from it with the server's key: a replay
 * within the grace window gets the very same successor again (the auth protocol's intent),
 * without the server ever storing a token itself, and nobody without the key and the token
 * can compute it.
 */
export function successorOf(key: Buffer, token: string): { token: string; hash: string } {
  const successor = createHmac('sha256', key).update(token).digest('base64url');
  return { token: successor, hash: hashRefreshToken(successor) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** One-time auth codes are stored as their SHA-256 (hex), like refresh tokens. */
export const hashAuthCode = hashRefreshToken;

/** RFC 7636: S256 is base64url(SHA-256(verifier)); plain is the verifier itself. */
export function verifierMatches(verifier: string, challenge: string, method: 's256' | 'plain'): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const expected = Buffer.from(
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier,
  );
  const actual = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
