import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../src/auth/access-tokens';
import { hashPassword, needsRehash, PASSWORD_HASH_COST, verifyPassword } from '../src/auth/passwords';
import { authIssuer, testConfig } from '../src/config';
import { JWT_SECRET_NAME } from '../src/platform/db/secrets';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope } from './support/contract';
import { createTestDatabase, type TestDatabase } from './support/database';
import { createUser } from './support/fixtures';
import { createTestServer, type GoTrueSessionBody, type TestServer } from './support/server';

/**
 * The auth service's defences (issue "Safe by default"): refresh-token replay, the token's
 * issuer and issue time, the password hash's cost, and a signing key the app role cannot read.
 * Sign-in throttling, the device cookie and sign-in storms have their files under test/auth/.
 */
describe('auth hardening', () => {
  let database: TestDatabase;
  let server: TestServer;
  let clock = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await createTestServer({ database, now: () => clock });
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const refresh = (refreshToken: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: refreshToken },
    });

  const newUser = async (name: string) => {
    const email = `${name}@hardening.example`;
    await createUser(database.owner, {
      email,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: ['customers.read'] }],
    });
    return email;
  };

  describe('refresh-token replay', () => {
    it('gives every replay within the grace window the same successor: never a second live token', async () => {
      const first = await server.signIn(DEMO_USERS.sakuraStaff.email);
      const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(first.refresh_token)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      const successors = new Set(answers.map((answer) => answer.json<GoTrueSessionBody>().refresh_token));
      expect(successors.size).toBe(1);

      const { session_id } = JSON.parse(
        Buffer.from(first.access_token.split('.')[1] ?? '', 'base64url').toString(),
      );
      const tokens = await database.owner
        .selectFrom('refresh_tokens')
        .select(['revoked'])
        .where('session_id', '=', session_id)
        .execute();
      expect(tokens).toHaveLength(2);
      expect(tokens.filter((token) => !token.revoked)).toHaveLength(1);

      // The successor works, once more rotated like any other token.
      const [successor] = [...successors];
      const next = await refresh(successor ?? '');
      expect(next.statusCode).toBe(200);
    });

    it('revokes the family when a rotated token comes back after the grace window', async () => {
      const first = await server.signIn(DEMO_USERS.sakuraStaff.email);
      const rotated = await refresh(first.refresh_token);
      const current = rotated.json<GoTrueSessionBody>();
      clock = new Date(clock.getTime() + (testConfig().refreshTokenReuseGraceSeconds + 1) * 1000);
      try {
        const replay = await refresh(first.refresh_token);
        expect(replay.statusCode).toBe(400);
        expect(replay.json().error_code).toBe('refresh_token_already_used');
        // The legitimate holder's successor dies with it.
        expect((await refresh(current.refresh_token)).json().error_code).toBe('refresh_token_not_found');
      } finally {
        clock = new Date();
      }
    });
  });

  describe('access tokens', () => {
    const forge = async (mutate: (jwt: SignJWT) => SignJWT) => {
      const session = await server.signIn(DEMO_USERS.sakuraAdmin.email);
      const claims = JSON.parse(
        Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
      );
      const { value } = await database.owner
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', JWT_SECRET_NAME)
        .executeTakeFirstOrThrow();
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ email: claims.email, session_id: claims.session_id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setAudience('authenticated')
        .setIssuer(authIssuer(testConfig()))
        .setIssuedAt(now)
        .setExpirationTime(now + 600);
      return mutate(jwt).sign(new TextEncoder().encode(value));
    };

    it('accepts a token as the server signs it (the forge helper is sound)', async () => {
      const token = await forge((jwt) => jwt);
      expect((await server.get('/api/auth/tenant/me', { token })).statusCode).toBe(200);
    });

    it('refuses another issuer and a token issued in the future', async () => {
      for (const token of [
        await forge((jwt) => jwt.setIssuer('https://evil.example/auth/v1')),
        await forge((jwt) => jwt.setIssuedAt(Math.floor(Date.now() / 1000) + 3600)),
      ]) {
        const response = await server.get('/api/auth/tenant/me', { token });
        expect(response.statusCode).toBe(401);
        expectErrorEnvelope(response.json(), 'AUTH_001');
      }
    });

    it('names the configured issuer whatever Host the request carried', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: DEMO_USERS.sakuraAdmin.email, password: DEMO_PASSWORD },
        headers: { host: 'evil.example' },
      });
      const { iss } = JSON.parse(
        Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
      );
      expect(iss).toBe(authIssuer(testConfig()));
    });

    it('remembers a verified token but never past its expiry', async () => {
      const tokens = new AccessTokens('k'.repeat(40), 30, authIssuer(testConfig()));
      const issued = await tokens.issue({
        userId: DEMO_USERS.sakuraAdmin.id,
        email: DEMO_USERS.sakuraAdmin.email,
        sessionId: DEMO_USERS.sakuraAdmin.id,
        now: new Date(Date.now() - 29_000),
      });
      expect((await tokens.verify(issued.token)).valid).toBe(true);
      expect((await tokens.verify(issued.token)).valid).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await tokens.verify(issued.token)).toEqual({ valid: false, reason: 'expired' });
      // Another key's token is never taken for a remembered one.
      const other = new AccessTokens('x'.repeat(40), 30, authIssuer(testConfig()));
      expect((await other.verify(issued.token)).valid).toBe(false);
    });

    it('keeps the signing key away from the app role', async () => {
      await expect(sql`select value from server_secrets`.execute(database.db)).rejects.toMatchObject({
        code: '42501',
      });
    });
  });

  describe('password hashes', () => {
    it('hashes at N = 2^17 by default and verifies any stored cost', async () => {
      expect(PASSWORD_HASH_COST).toBe(2 ** 17);
      const hash = await hashPassword('correct horse');
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await verifyPassword('correct horse', hash)).toBe(true);
      expect(needsRehash(hash)).toBe(false);
      expect(needsRehash(await hashPassword('x', 2 ** 14))).toBe(true);
      // A hand-written hash cannot make the server allocate gigabytes.
      expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$a2V5')).toBe(false);
    });

    it('replaces a weaker hash at the next successful sign-in', async () => {
      const email = await newUser('old-hash');
      const stronger = await createTestServer({ database, config: { passwordHashCost: 2 ** 15 } });
      try {
        const before = await database.owner
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(before.password_hash).toMatch(/^scrypt\$16384\$/);
        await stronger.signIn(email);
        const after = await database.owner
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(after.password_hash).toMatch(/^scrypt\$32768\$/);
        expect(
          (
            await stronger.app.inject({
              method: 'POST',
              url: '/auth/v1/token?grant_type=password',
              payload: { email, password: DEMO_PASSWORD },
            })
          ).statusCode,
        ).toBe(200);
      } finally {
        await stronger.close();
      }
    });
  });
});
