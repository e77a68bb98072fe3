// The official client the app uses, against a real listening server: the protocol check that matters.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { authClient } from './support/auth-client';
import { createTestServer, type TestServer } from './support/server';

describe('@supabase/auth-js against the embedded auth service', () => {
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    server = await createTestServer();
    origin = await (server.app as FastifyInstance).listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await server.close();
  });

  const client = () => authClient(origin);

  it('signs in, reads the user, refreshes, calls /api with the token and signs out', async () => {
    const auth = client();
    const { data, error } = await auth.signInWithPassword({
      email: DEMO_USERS.sakuraStaff.email,
      password: DEMO_PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DEMO_USERS.sakuraStaff.email);
    expect(data.session?.access_token).toBeTruthy();

    const user = await auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.user_metadata.full_name).toBe('田中 健太');

    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(data.session?.refresh_token);

    const accessToken = refreshed.data.session?.access_token;
    const customers = await fetch(`${origin}/api/customers?limit=5`, {
      headers: { Authorization: `Bearer ${accessToken}`, 'X-Tenant-Id': DEMO_TENANTS.sakura.id },
    });
    expect(customers.status).toBe(200);
    expect(((await customers.json()) as { total: number }).total).toBe(DEMO_TENANTS.sakura.customers);

    const signOut = await auth.signOut();
    expect(signOut.error).toBeNull();
    expect((await auth.getSession()).data.session).toBeNull();
    const after = await fetch(`${origin}/api/customers`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(after.status).toBe(401);
  });

  it('surfaces the Japanese message and code for wrong credentials', async () => {
    const { data, error } = await client().signInWithPassword({
      email: DEMO_USERS.sakuraAdmin.email,
      password: 'not-the-password',
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('メールアドレスまたはパスワードが正しくありません。');
  });

  it('treats a session ended elsewhere as signed out', async () => {
    const tab = client();
    const other = client();
    await tab.signInWithPassword({ email: DEMO_USERS.sakuraAdmin.email, password: DEMO_PASSWORD });
    await other.signInWithPassword({ email: DEMO_USERS.sakuraAdmin.email, password: DEMO_PASSWORD });
    await other.signOut({ scope: 'global' });
    const { data, error } = await tab.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});
