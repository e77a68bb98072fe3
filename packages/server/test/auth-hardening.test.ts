import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../src/auth/access-tokens';
import { hashPassword, needsRehash, PASSWORD_HASH_COST, verifyPassword } from '../src/auth/passwords';
import { DEVICE_COOKIE, SIGN_IN_POLICIES } from '../src/auth/sign-in-throttle';
import { authIssuer, testConfig } from '../src/config';
import { JWT_SECRET_NAME } from '../src/platform/db/secrets';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope } from './support/contract';
import { createTestDatabase, type TestDatabase } from './support/database';
import { createUser } from './support/fixtures';
import { createTestServer, type GoTrueSessionBody, type TestServer } from './support/server';

/**
 * The auth service's defences (issue "Safe by default"): refresh-token replay, sign-in
 * throttling per account, per address and per known browser, the token's issuer and issue time,
 * the password hash's cost, and a signing key the app role cannot read.
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

  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
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

  const deviceCookieOf = (response: { headers: Record<string, unknown> }) => {
    const header = String(response.headers['set-cookie'] ?? '');
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/auth/v1; .*HttpOnly; SameSite=Strict`));
    return header.split(';')[0] ?? '';
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

  describe('sign-in throttling', () => {
    it('locks an account after five wrong passwords from any number of addresses', async () => {
      const email = await newUser('guessed');
      for (let attempt = 0; attempt < SIGN_IN_POLICIES.account.limit; attempt += 1) {
        const wrong = await signIn(email, `wrong-${attempt}`, `198.51.100.${attempt + 1}`);
        expect(wrong.statusCode).toBe(400);
      }
      // Even the right password, from yet another address, waits now.
      const locked = await signIn(email, DEMO_PASSWORD, '198.51.100.99');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
      expect(locked.json().msg).toMatch(/ログインを一時的に制限しています。1 分ほど待って/);

      // The lock ends: a minute later the right password works and clears the count.
      clock = new Date(clock.getTime() + 61_000);
      try {
        expect((await signIn(email, DEMO_PASSWORD, '198.51.100.99')).statusCode).toBe(200);
        expect((await signIn(email, 'wrong-again', '198.51.100.98')).statusCode).toBe(400);
      } finally {
        clock = new Date();
      }
    });

    it('keeps the real user in from the browser they signed in with before', async () => {
      const email = await newUser('owner-of-device');
      const earlier = await signIn(email, DEMO_PASSWORD, '203.0.113.10');
      expect(earlier.statusCode).toBe(200);
      const cookie = deviceCookieOf(earlier);

      for (let attempt = 0; attempt < SIGN_IN_POLICIES.account.limit + 3; attempt += 1) {
        await signIn(email, `attacker-${attempt}`, `192.0.2.${attempt + 1}`);
      }
      expect((await signIn(email, DEMO_PASSWORD, '192.0.2.200')).statusCode).toBe(429);
      // Their own browser still gets in; a cookie made up or of another account does not help.
      expect((await signIn(email, DEMO_PASSWORD, '203.0.113.10', cookie)).statusCode).toBe(200);
      const forged = `${cookie.slice(0, -3)}abc`;
      expect((await signIn(email, DEMO_PASSWORD, '203.0.113.10', forged)).statusCode).toBe(429);
    });

    it('locks an email that has no account exactly like one that has (nothing to enumerate)', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_IN_POLICIES.account.limit; attempt += 1) {
        statuses.push((await signIn('nobody@hardening.example', 'x', `198.18.0.${attempt + 1}`)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it('counts failures, not sign-ins, per address: an office behind one address is not blocked', async () => {
      const office = '100.64.0.1';
      const emails = await Promise.all(Array.from({ length: 8 }, (_, index) => newUser(`office-${index}`)));
      for (let round = 0; round < 8; round += 1) {
        for (const email of emails) expect((await signIn(email, DEMO_PASSWORD, office)).statusCode).toBe(200);
      }
      // Spraying wrong passwords over many accounts from one address locks that address only.
      const sprayer = '100.64.0.66';
      for (let attempt = 0; attempt < SIGN_IN_POLICIES.ip.limit; attempt += 1) {
        await signIn(`victim-${attempt}@hardening.example`, 'guess', sprayer);
      }
      expect((await signIn(emails[0] ?? '', DEMO_PASSWORD, sprayer)).statusCode).toBe(429);
      expect((await signIn(emails[0] ?? '', DEMO_PASSWORD, office)).statusCode).toBe(200);
      // About a hundred password hashes: give a loaded CI machine the time.
    }, 60_000);
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
