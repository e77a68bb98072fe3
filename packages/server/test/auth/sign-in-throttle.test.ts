import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_POLICIES } from '../../src/auth/sign-in-throttle';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

/**
 * The sign-in throttle (src/auth/sign-in-throttle.ts) as the outside attacker test probed it:
 * parallel guesses on one account, a whole office locked out through its one address, and the
 * known browser of the real user.
 */
describe('sign-in throttle', () => {
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

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  const newUser = async (name: string) => {
    const email = `${name}@throttle.example`;
    await createUser(database.owner, {
      email,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: ['customers.read'] }],
    });
    return email;
  };

  /** Signs in from a browser of the user's own and returns its device cookie. */
  const ownBrowser = async (email: string, ip: string) => {
    const response = await signIn(email, DEMO_PASSWORD, ip);
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  };

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  const storedCount = async (key: string) =>
    (
      await database.owner
        .selectFrom('auth_sign_in_failures')
        .select('failures')
        .where('key', '=', key)
        .executeTakeFirst()
    )?.failures;

  // A burst within the hashing queue (8 a worker, at least one worker), so that every refusal
  // below is the throttle's; the attacker's own burst of 40 is the last case.
  const burst = (email: string, size: number, ip: (index: number) => string) =>
    Promise.all(Array.from({ length: size }, (_, index) => signIn(email, `wrong-${index}`, ip(index))));

  describe('parallel guesses', () => {
    it('checks 5 of 8 parallel guesses on one account from one address, and counts exactly those', async () => {
      const email = await newUser('parallel-one-address');
      const statuses = (await burst(email, 8, () => '203.0.113.40')).map((answer) => answer.statusCode);
      // 400 is a guess checked against the hash; 429 was refused before scrypt ran.
      expect(count(statuses, 400)).toBe(SIGN_IN_POLICIES.pair.limit);
      expect(count(statuses, 429)).toBe(8 - SIGN_IN_POLICIES.pair.limit);
      expect(await storedCount(`pair:203.0.113.40|${email}`)).toBe(SIGN_IN_POLICIES.pair.limit);
      expect(await storedCount(`account:${email}`)).toBe(SIGN_IN_POLICIES.pair.limit);
    });

    it('holds the account limit over parallel guesses from many addresses', async () => {
      const email = await newUser('parallel-many-addresses');
      const first = await burst(email, 8, (index) => `198.18.1.${index + 1}`);
      expect(first.map((answer) => answer.statusCode)).toEqual(Array(8).fill(400));
      const second = (await burst(email, 8, (index) => `198.18.2.${index + 1}`)).map(
        (answer) => answer.statusCode,
      );
      expect(count(second, 400)).toBe(SIGN_IN_POLICIES.account.limit - 8);
      expect(count(second, 429)).toBe(8 - (SIGN_IN_POLICIES.account.limit - 8));
      expect(await storedCount(`account:${email}`)).toBe(SIGN_IN_POLICIES.account.limit);
    });

    it("answers the attacker's burst of 40 without a 5xx and checks no more than 5 of it", async () => {
      const email = await newUser('parallel-forty');
      const answers = await burst(email, 40, () => '203.0.113.44');
      const statuses = answers.map((answer) => answer.statusCode);
      expect(count(statuses, 400) + count(statuses, 429)).toBe(40);
      expect(count(statuses, 400)).toBeLessThanOrEqual(SIGN_IN_POLICIES.pair.limit);
      expect(await storedCount(`pair:203.0.113.44|${email}`)).toBe(count(statuses, 400));
      for (const answer of answers.filter((candidate) => candidate.statusCode === 429)) {
        expect(answer.json().error_code).toBe('over_request_rate_limit');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    });
  });

  describe('accounts and addresses', () => {
    it("stops one person's typos behind a clinic's address for that account from there only", async () => {
      const clinic = '100.64.10.1';
      const [forgetful, colleague] = [await newUser('forgetful'), await newUser('colleague')];
      for (let attempt = 0; attempt < SIGN_IN_POLICIES.pair.limit; attempt += 1) {
        expect((await signIn(forgetful, `typo-${attempt}`, clinic)).statusCode).toBe(400);
      }
      const waiting = await signIn(forgetful, DEMO_PASSWORD, clinic);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().msg).toMatch(/ログインを一時的に制限しています。1 分ほど待って/);
      expect(waiting.headers['retry-after']).toBe('60');
      // The colleague at the next desk, and the same person on their phone's network, get in.
      expect((await signIn(colleague, DEMO_PASSWORD, clinic)).statusCode).toBe(200);
      expect((await signIn(forgetful, DEMO_PASSWORD, '192.0.2.77')).statusCode).toBe(200);
    });

    it('lets waits grow while guesses go on: 1, 2, then 4 minutes', async () => {
      const email = await newUser('growing');
      const guesser = '203.0.113.41';
      for (let attempt = 0; attempt < SIGN_IN_POLICIES.pair.limit; attempt += 1) {
        await signIn(email, `guess-${attempt}`, guesser);
      }
      try {
        for (const minutes of [1, 2, 4]) {
          const refused = await signIn(email, 'guess-again', guesser);
          expect(refused.statusCode).toBe(429);
          expect(refused.headers['retry-after']).toBe(String(minutes * 60));
          later(minutes * 60_000 + 1_000);
          expect((await signIn(email, 'guess-after-wait', guesser)).statusCode).toBe(400);
        }
        expect((await signIn(email, DEMO_PASSWORD, guesser)).headers['retry-after']).toBe(String(8 * 60));
      } finally {
        clock = new Date();
      }
    });

    it('locks an account guessed from many addresses for unknown browsers, not for its own', async () => {
      const email = await newUser('distributed');
      const cookie = await ownBrowser(email, '203.0.113.50');
      for (let attempt = 0; attempt < SIGN_IN_POLICIES.account.limit; attempt += 1) {
        expect((await signIn(email, `attacker-${attempt}`, `192.0.2.${attempt + 1}`)).statusCode).toBe(400);
      }
      expect((await signIn(email, DEMO_PASSWORD, '192.0.2.200')).statusCode).toBe(429);
      // Their own browser gets in from anywhere, one of the attacker's addresses included.
      expect((await signIn(email, DEMO_PASSWORD, '192.0.2.1', cookie)).statusCode).toBe(200);
      expect((await signIn(email, DEMO_PASSWORD, '203.0.113.50', cookie)).statusCode).toBe(200);
      const forged = `${cookie.slice(0, -3)}abc`;
      expect((await signIn(email, DEMO_PASSWORD, '203.0.113.50', forged)).statusCode).toBe(429);
    });

    it('locks an email that has no account exactly like one that has (nothing to enumerate)', async () => {
      const real = await newUser('enumerated');
      for (const email of [real, 'nobody@throttle.example']) {
        const statuses: number[] = [];
        for (let attempt = 0; attempt <= SIGN_IN_POLICIES.pair.limit; attempt += 1) {
          statuses.push((await signIn(email, 'x-wrong', '198.18.0.9')).statusCode);
        }
        expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      }
    });

    it('slows an address over its ceiling for unknown browsers, and never stops known ones', async () => {
      const office = '100.64.20.1';
      const staff = await Promise.all(['ceiling-a', 'ceiling-b'].map(newUser));
      const cookie = await ownBrowser(staff[0] ?? '', office);
      // Somebody in the office (or anybody, behind a proxy without TRUST_PROXY) sprays guesses.
      for (let attempt = 0; attempt < SIGN_IN_POLICIES.ip.limit; attempt += 1) {
        expect((await signIn(`victim-${attempt}@throttle.example`, 'guess', office)).statusCode).toBe(400);
      }
      const slowed = await signIn(staff[1] ?? '', DEMO_PASSWORD, office);
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(slowed.json().msg).toMatch(/受け付けを遅らせています。\d+ 秒ほど待って/);
      // The browser that signed in before is not slowed at all.
      expect((await signIn(staff[0] ?? '', DEMO_PASSWORD, office, cookie)).statusCode).toBe(200);
      try {
        later(Number(slowed.headers['retry-after']) * 1_000);
        expect((await signIn(staff[1] ?? '', DEMO_PASSWORD, office)).statusCode).toBe(200);
      } finally {
        clock = new Date();
      }
      // Past the ceiling, guesses go on and so do waits, but none is longer than a minute.
      try {
        for (let attempt = 0; attempt < 6; attempt += 1) {
          later(61_000);
          expect((await signIn(`victim-more-${attempt}@throttle.example`, 'guess', office)).statusCode).toBe(
            400,
          );
          const wait = Number((await signIn(staff[1] ?? '', DEMO_PASSWORD, office)).headers['retry-after']);
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(60);
        }
      } finally {
        clock = new Date();
      }
    }, 60_000);
  });
});
