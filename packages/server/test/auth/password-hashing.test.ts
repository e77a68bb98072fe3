import { pbkdf2, randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HashingBusyError, PasswordHashing, type ScryptJob } from '../../src/auth/password-hashing';

/** The hashing threads and their bounded queue (src/auth/password-hashing.ts), with real scrypt. */
describe('password hashing threads', () => {
  const job = (cost: number, password = 'correct horse'): ScryptJob => ({
    password,
    salt: randomBytes(16),
    keyLength: 32,
    options: { N: cost, r: 8, p: 1, maxmem: 256 * 1024 * 1024 },
  });

  it('derives the same key as scrypt itself', async () => {
    const hashing = new PasswordHashing(1, 2);
    const input = job(2 ** 14);
    const key = await hashing.derive(input);
    expect(key.equals(scryptSync(input.password, input.salt, input.keyLength, input.options))).toBe(true);
  });

  it('refuses a caller when its lane is full, says when to come back, and admits again after a release', () => {
    const hashing = new PasswordHashing(1, 2);
    const tickets = [hashing.admit('public'), hashing.admit('public')];
    let refusal: unknown;
    try {
      hashing.admit('public');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HashingBusyError);
    expect((refusal as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Browsers that signed in before have their own lane, which the storm has not filled.
    expect(() => hashing.admit('known-device')).not.toThrow();
    tickets[0]?.release();
    tickets[0]?.release();
    expect(() => hashing.admit('public')).not.toThrow();
    expect(() => hashing.admit('public')).toThrow(HashingBusyError);
  });

  it("serves known browsers first, then the server's own work, then everybody else", async () => {
    const hashing = new PasswordHashing(1, 4);
    const done: string[] = [];
    const run = (label: string, ticket?: ReturnType<PasswordHashing['admit']>) =>
      hashing.derive(job(2 ** 14), ticket).then(() => done.push(label));
    // The first job occupies the only thread; the rest wait in their lanes.
    const all = [
      run('first'),
      run('public', hashing.admit('public')),
      run('internal'),
      run('known-device', hashing.admit('known-device')),
    ];
    await Promise.all(all);
    expect(done).toEqual(['first', 'known-device', 'internal', 'public']);
  });

  it('fails one job that scrypt refuses and goes on with the next', async () => {
    const hashing = new PasswordHashing(1, 2);
    await expect(hashing.derive(job(3))).rejects.toThrow();
    expect((await hashing.derive(job(2 ** 10))).length).toBe(32);
  });

  it("leaves libuv's threadpool free: a threadpool job queued behind six hashes finishes first", async () => {
    const hashing = new PasswordHashing(1, 8);
    const order: string[] = [];
    const hashes = Array.from({ length: 6 }, () =>
      hashing.derive(job(2 ** 16)).then(() => order.push('hash')),
    );
    // pg's SCRAM handshake and jose's HMAC run on the threadpool, like this pbkdf2.
    const threadpoolJob = new Promise<void>((resolve, reject) =>
      pbkdf2('password', 'salt', 1, 32, 'sha256', (error) => (error ? reject(error) : resolve())),
    ).then(() => order.push('threadpool'));
    await Promise.all([...hashes, threadpoolJob]);
    expect(order[0]).toBe('threadpool');
  });
});
