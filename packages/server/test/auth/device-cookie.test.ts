import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../src/auth/device-cookies';
import { SIGN_IN_POLICIES } from '../../src/auth/sign-in-throttle';
import { getOrCreateSecret, JWT_SECRET_NAME } from '../../src/platform/db/secrets';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

/**
 * The device cookie that keeps a user's own browser in while their account is locked for
 * others (sign-in-throttle.ts): opaque, bound to the accounts that signed in with it.
 */
describe('device cookie', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await createTestServer({ database });
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

  const newUser = async (name: string) => {
    const email = `${name}@device.example`;
    const id = await createUser(database.owner, {
      email,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: ['customers.read'] }],
    });
    return { email, id };
  };

  const cookieOf = (response: { headers: Record<string, unknown> }) => {
    const header = String(response.headers['set-cookie'] ?? '');
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/auth/v1; .*HttpOnly; SameSite=Strict`));
    return header.split(';')[0] ?? '';
  };

  /** Guesses from `ip` until the account is locked there for browsers it does not know. */
  const lockFrom = async (email: string, ip: string) => {
    for (let attempt = 0; attempt < SIGN_IN_POLICIES.pair.limit; attempt += 1) {
      expect((await signIn(email, `guess-${attempt}`, ip)).statusCode).toBe(400);
    }
    expect((await signIn(email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
  };

  it('carries no user id: a random id and a mark only the server can check', async () => {
    const { email, id } = await newUser('opaque');
    const cookie = cookieOf(await signIn(email, DEMO_PASSWORD, '203.0.113.60'));
    const value = cookie.slice(`${DEVICE_COOKIE}=`.length);
    expect(value).not.toContain(id);
    expect(value).not.toContain(id.replaceAll('-', ''));
    expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    // And it still does its work: the account locked from here, its own browser gets in.
    await lockFrom(email, '203.0.113.60');
    expect((await signIn(email, DEMO_PASSWORD, '203.0.113.60', cookie)).statusCode).toBe(200);
  });

  it('does not make a browser known to an account that never signed in with it', async () => {
    const [owner, other] = [await newUser('cookie-owner'), await newUser('cookie-other')];
    const cookie = cookieOf(await signIn(owner.email, DEMO_PASSWORD, '203.0.113.61'));
    await lockFrom(other.email, '203.0.113.61');
    expect((await signIn(other.email, DEMO_PASSWORD, '203.0.113.61', cookie)).statusCode).toBe(429);
  });

  it('remembers a shared reception PC for each of the staff who signed in on it', async () => {
    const reception = '203.0.113.62';
    const [first, second] = [await newUser('reception-1'), await newUser('reception-2')];
    const afterFirst = cookieOf(await signIn(first.email, DEMO_PASSWORD, reception));
    const shared = cookieOf(await signIn(second.email, DEMO_PASSWORD, reception, afterFirst));
    // The same browser id, with a mark for each account.
    expect(shared.split('.')[0]).toBe(afterFirst.split('.')[0]);
    await lockFrom(first.email, reception);
    await lockFrom(second.email, reception);
    expect((await signIn(first.email, DEMO_PASSWORD, reception, shared)).statusCode).toBe(200);
    expect((await signIn(second.email, DEMO_PASSWORD, reception, shared)).statusCode).toBe(200);
  });

  it('no longer recognises a cookie of the old readable form <userId>.<deviceId>.<hmac>', async () => {
    const { email, id } = await newUser('old-cookie');
    // What the server issued before, signed with its own key as it was then.
    const secret = await getOrCreateSecret(database.owner, JWT_SECRET_NAME);
    const key = createHmac('sha256', secret).update('tsumiki sign-in device cookie').digest();
    const deviceId = 'b2xkLWRldmljZS1pZA';
    const signature = createHmac('sha256', key).update(`${id}.${deviceId}`).digest('base64url');
    const old = `${DEVICE_COOKIE}=${id}.${deviceId}.${signature}`;
    await lockFrom(email, '203.0.113.63');
    const answer = await signIn(email, DEMO_PASSWORD, '203.0.113.63', old);
    expect(answer.statusCode).toBe(429);
  });
});
