// Two-factor sign-in (TOTP) through the official client, against a real listening server and
// real PostgreSQL: enrolment, challenge, verification to aal2, each code once, the ±1 step
// window, throttling of wrong codes, recovery codes, and the secrets' storage.

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../../src/seed/demo';
import { authClient } from '../support/auth-client';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';
import {
  awayFromStepEdge,
  claimsOf,
  enrolTotp,
  totpCode,
  verifiedSession,
  verifyTotp,
} from '../support/totp';

describe('two-factor sign-in with TOTP', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let origin: string;
  let users = 0;

  beforeAll(async () => {
    server = await createTestServer();
    app = server.app;
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await server.close();
  });

  /** A new staff member of さくら内科クリニック: each test its own account and throttle. */
  async function newUser(): Promise<string> {
    users += 1;
    const email = `mfa-${users}@example.com`;
    await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: ['customers.read'] }],
    });
    return email;
  }

  async function signedInClient(email: string) {
    const client = authClient(origin, { experimental: { recoveryCodes: true } });
    const { error } = await client.signInWithPassword({ email, password: DEMO_PASSWORD });
    expect(error).toBeNull();
    return client;
  }

  it('enrols, challenges and verifies with @supabase/auth-js, and the session reads aal2', async () => {
    const email = await newUser();
    const client = await signedInClient(email);

    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'iPhone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('iPhone');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Tsumiki:mfa-\d+%40example\.com\?/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    // As auth-js hands it to an <img>: a data URI, so no `#` (it would cut the image short),
    // and the dark modules are exactly those of the QR code of the URI.
    const svg = factor.totp.qr_code.slice('data:image/svg+xml;utf-8,'.length);
    expect(svg).not.toContain('#');
    expect(darkModules(svg)).toEqual(qrModules(factor.totp.uri));

    // An unverified factor does not ask for a second step yet.
    const before = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    await awayFromStepEdge();
    const challenge = await client.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const verified = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totpCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();

    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    expect(level.data?.nextLevel).toBe('aal2');
    expect(level.data?.currentAuthenticationMethods).toMatchObject([
      { method: 'totp' },
      { method: 'password' },
    ]);

    const factors = await client.mfa.listFactors();
    expect(factors.data?.totp.map((listed) => [listed.id, listed.status])).toEqual([[factor.id, 'verified']]);

    // Refresh keeps the session's level and methods.
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({
      aal: 'aal2',
      amr: [{ method: 'totp' }, { method: 'password' }],
    });

    // The next sign-in starts at aal1 and is told a second step is due.
    const next = await signedInClient(email);
    const due = await next.mfa.getAuthenticatorAssuranceLevel();
    expect(due.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // The code just used is refused there, in Japanese.
    const reused = await next.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(reused.error?.status).toBe(422);
    expect(reused.error?.code).toBe('mfa_verification_failed');
    expect(reused.error?.message).toBe(
      'このコードはすでに使われています。認証アプリに次のコードが表示されるまで待って、入力してください。',
    );

    // The access log of the user's tenant holds the factor's enrolment, its verification and the
    // refused reuse, with the factor's id and never a code.
    const logged = await server.database.owner
      .selectFrom('access_log')
      .select(['action', 'detail', 'tenant_id'])
      .where('actor_email', '=', email)
      .where('action', 'like', 'mfa.%')
      .orderBy('id')
      .execute();
    expect(logged.map((row) => row.action)).toEqual(['mfa.enrolled', 'mfa.verified', 'mfa.verify_failed']);
    expect(logged.every((row) => row.tenant_id === DEMO_TENANTS.sakura.id)).toBe(true);
    expect(logged[1]!.detail).toMatchObject({ factor_id: factor.id });
    expect(JSON.stringify(logged)).not.toContain(totpCode(factor.totp.secret));
  });

  it('accepts the codes of the step before and after, not two steps away; each step once', async () => {
    await awayFromStepEdge();
    const now = Date.now();
    const cases: Array<[number, number]> = [
      [-30_000, 200],
      [30_000, 200],
      [-60_000, 422],
      [60_000, 422],
    ];
    for (const [offset, status] of cases) {
      const session = await server.signIn(await newUser());
      const { factorId, secret } = await enrolTotp(app, session.access_token);
      const response = await verifyTotp(app, session.access_token, factorId, secret, now + offset);
      expect([offset, response.statusCode]).toEqual([offset, status]);
    }

    // After a code of the next step, the current step's code is no longer accepted either.
    const session = await server.signIn(await newUser());
    const { factorId, secret } = await enrolTotp(app, session.access_token);
    await verifiedSession(app, session.access_token, factorId, secret, now + 30_000);
    const again = await server.signIn(session.user.email);
    const earlier = await verifyTotp(app, again.access_token, factorId, secret, now);
    expect(earlier.statusCode).toBe(422);
  });

  it('throttles wrong codes: five, then 429 with Retry-After even for the right code', async () => {
    const session = await server.signIn(await newUser());
    const { factorId, secret } = await enrolTotp(app, session.access_token);
    await awayFromStepEdge();
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const challenge = await app.inject({
        method: 'POST',
        url: `/auth/v1/factors/${factorId}/challenge`,
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      const response = await app.inject({
        method: 'POST',
        url: `/auth/v1/factors/${factorId}/verify`,
        headers: { authorization: `Bearer ${session.access_token}` },
        payload: { challenge_id: challenge.json().id, code: wrong },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().msg).toBe(
        'コードが正しくありません。認証アプリに表示されている 6 桁のコードを入力してください。',
      );
    }
    const locked = await verifyTotp(app, session.access_token, factorId, secret);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().msg).toMatch(
      /^二段階認証のコードの誤りが続いたため、確認を一時的に制限しています。\d+ 分ほど/,
    );
  });

  it('issues ten recovery codes at aal2; each works once in place of a code', async () => {
    const email = await newUser();
    const client = await signedInClient(email);
    const enrolled = await client.mfa.enroll({ factorType: 'totp' });
    await awayFromStepEdge();
    await client.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totpCode(enrolled.data!.totp.secret),
    });

    const generated = await client.mfa.recoveryCodes.generate();
    expect(generated.error).toBeNull();
    const codes = generated.data!.codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect((await client.mfa.recoveryCodes.getStatus()).data).toMatchObject({ total: 10, remaining: 10 });

    // A new sign-in (aal1) may not issue codes.
    const other = await signedInClient(email);
    const refused = await other.mfa.recoveryCodes.regenerate();
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('insufficient_aal');

    // Letter case and the dash do not matter.
    const used = await other.mfa.recoveryCodes.verify({ code: codes[3]!.toLowerCase().replace('-', '') });
    expect(used.error).toBeNull();
    const level = await other.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    expect(level.data?.currentAuthenticationMethods).toMatchObject([
      { method: 'mfa/recovery_code' },
      { method: 'password' },
    ]);
    expect((await other.mfa.recoveryCodes.getStatus()).data).toMatchObject({ total: 10, remaining: 9 });

    const third = await signedInClient(email);
    const second = await third.mfa.recoveryCodes.verify({ code: codes[3]! });
    expect(second.error?.status).toBe(422);
    expect(second.error?.message).toBe('リカバリーコードが正しくないか、すでに使われています。');

    // Regenerated: the old codes stop working.
    const regenerated = await other.mfa.recoveryCodes.regenerate();
    expect(regenerated.data?.codes).toHaveLength(10);
    const old = await third.mfa.recoveryCodes.verify({ code: codes[4]! });
    expect(old.error?.status).toBe(422);
  });

  it('removes a factor only from an aal2 session, and the recovery codes with the last one', async () => {
    const email = await newUser();
    const client = await signedInClient(email);
    const enrolled = await client.mfa.enroll({ factorType: 'totp' });
    await awayFromStepEdge();
    await client.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totpCode(enrolled.data!.totp.secret),
    });
    await client.mfa.recoveryCodes.generate();

    const aal1 = await signedInClient(email);
    const refused = await aal1.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('insufficient_aal');

    const removed = await client.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(removed.error).toBeNull();
    const { data } = await client.getUser();
    expect(data.user?.factors ?? []).toEqual([]);
    const recovery = await client.mfa.recoveryCodes.getStatus();
    expect(recovery.error?.status).toBe(404);
  });

  it('changes the password of an enrolled user only from an aal2 session', async () => {
    const email = await newUser();
    const first = await server.signIn(email);
    const { factorId, secret } = await enrolTotp(app, first.access_token);
    await awayFromStepEdge();
    const elevated = await verifiedSession(app, first.access_token, factorId, secret);
    const change = (token: string) =>
      app.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'a-new-password-2026', current_password: DEMO_PASSWORD },
      });

    const aal1 = await server.signIn(email);
    const refused = await change(aal1.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: 'insufficient_aal' });

    const accepted = await change(elevated.access_token);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('keeps secrets encrypted and the tables out of the app role’s reach', async () => {
    const session = await server.signIn(await newUser());
    const { factorId, secret } = await enrolTotp(app, session.access_token);
    await awayFromStepEdge();
    const elevated = await verifiedSession(app, session.access_token, factorId, secret);
    const issued = await app.inject({
      method: 'POST',
      url: '/auth/v1/recovery-codes',
      headers: { authorization: `Bearer ${elevated.access_token}` },
    });
    expect(issued.statusCode).toBe(200);
    const codes: string[] = issued.json().codes;

    const { rows } = await sql<{ secret_ciphertext: string }>`
      select secret_ciphertext from auth_mfa_factors where id = ${factorId}
    `.execute(server.database.owner);
    const stored = rows[0]!.secret_ciphertext;
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret);
    expect(Buffer.from(stored.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(secret);

    const hashes = await sql<{ code_hash: string }>`
      select code_hash from auth_mfa_recovery_codes where user_id = ${session.user.id}
    `.execute(server.database.owner);
    expect(hashes.rows).toHaveLength(10);
    for (const { code_hash } of hashes.rows) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.map((code) => code.replace('-', ''))).not.toContain(code_hash.toUpperCase());
    }

    for (const table of [
      'auth_mfa_factors',
      'auth_mfa_challenges',
      'auth_mfa_recovery_codes',
      'server_secrets',
    ]) {
      await expect(sql.raw(`select * from ${table}`).execute(server.database.db)).rejects.toMatchObject({
        code: '42501',
      });
    }
  });
});

/** The dark modules the SVG draws ("x,y"), from its path of horizontal runs (M x y.5 h n m dx 0 …). */
function darkModules(svg: string): string[] {
  const path = /<path stroke="black" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const dark: string[] = [];
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const first = Number(a);
    if (command === 'M') [x, y] = [first, Math.floor(Number(b))];
    else if (command === 'm') [x, y] = [x + first, y + Math.floor(Number(b))];
    else for (let end = x + first; x < end; x += 1) dark.push(`${x},${y}`);
  }
  return dark.sort();
}

/** The dark modules of the QR code of `text` with the one-module margin the server draws. */
function qrModules(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) dark.push(`${column + 1},${row + 1}`);
    }
  }
  return dark.sort();
}
