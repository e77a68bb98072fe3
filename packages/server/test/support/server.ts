import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '../../src/app';
import { type Config, testConfig } from '../../src/config';
import { getOrCreateSecret, JWT_SECRET_NAME, MFA_SECRET_NAME } from '../../src/platform/db/secrets';
import type { TextIndex } from '../../src/platform/search/text-index';
import { DEMO_PASSWORD } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from './database';

export interface GoTrueSessionBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  user: { id: string; email: string; aud: string; role: string; user_metadata: { full_name?: string } };
}

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  signIn(email: string, password?: string): Promise<GoTrueSessionBody>;
  get(path: string, options?: { token?: string; tenantId?: string }): Promise<LightMyRequestResponse>;
  /** Any method as a signed-in user, with an optional JSON body. */
  send(method: string, url: string, token: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** buildServer over a test database (its own, unless one is passed to share). */
export async function createTestServer(
  options: {
    config?: Partial<Config>;
    database?: TestDatabase;
    now?: () => Date;
    textIndex?: TextIndex;
  } = {},
): Promise<TestServer> {
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  // Uploaded files of this server only (a test can count what is left), removed on close.
  const filesDir = options.config?.filesDir ?? (await mkdtemp(join(tmpdir(), 'tsumiki-files-')));
  const config = testConfig({ filesDir, ...options.config });
  // TSUMIKI_TEST_APP_AS_OWNER=1 runs the server as the superuser, which row-level security does
  // not stop: then only the repositories' own tenant scoping keeps tenants apart, and the access
  // harness shows whether each of them does (see the README's design notes).
  const asOwner = process.env.TSUMIKI_TEST_APP_AS_OWNER === '1';
  const db = asOwner ? database.owner : database.db;
  // The signing key, read as the owner like bootstrapDatabase does (the app role cannot).
  const jwtSecret = await getOrCreateSecret(database.owner, JWT_SECRET_NAME);
  const mfaSecret = await getOrCreateSecret(database.owner, MFA_SECRET_NAME);
  const app = await buildServer({
    db,
    databaseUrl: asOwner ? database.ownerUrl : database.appUrl,
    config,
    jwtSecret,
    mfaSecret,
    ...(options.now ? { now: options.now } : {}),
    ...(options.textIndex ? { textIndex: options.textIndex } : {}),
  });
  await app.ready();

  return {
    app,
    database,
    config,
    async signIn(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return response.json<GoTrueSessionBody>();
    },
    send(method, url, token, body) {
      return app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    get(path, { token, tenantId } = {}) {
      return app.inject({
        method: 'GET',
        url: path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(tenantId ? { 'x-tenant-id': tenantId } : {}),
        },
      });
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.drop();
      if (!options.config?.filesDir) await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test server with the demo data for one describe, and the access token of `email` signed in
 * on it: the set-up most API tests share. Read `.server` and `.token` inside the tests.
 */
export function useSignedInServer(email: string): { server: TestServer; token: string } {
  const context = { server: undefined as unknown as TestServer, token: '' };
  beforeAll(async () => {
    context.server = await createTestServer();
    context.token = (await context.server.signIn(email)).access_token;
  });
  afterAll(async () => {
    await context.server?.close();
  });
  return context;
}
