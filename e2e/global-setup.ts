import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockGoogle } from '../packages/server/test/support/mock-google';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the production build (`packages/server/dist/main.js`, serving the built app) on a fresh
 * data directory with its embedded PostgreSQL, exactly as `pnpm start` does.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tsumiki-e2e-'));
  // The server serves a copy of the built app, so that tests/updates.spec.ts can deploy a new
  // version into it (and put the build back) without touching packages/app/dist.
  const appDir = mkdtempSync(join(tmpdir(), 'tsumiki-e2e-app-'));
  cpSync(join(repoRoot, 'packages/app/dist'), appDir, { recursive: true });
  const [port, pgPort] = [await freePort(), await freePort()];
  // A local OpenID provider in Google's place (never Google itself): the server signs in with it
  // as with Google, and a test chooses the account through the authorization URL (mock-google.ts).
  const google = await startMockGoogle();
  let output = '';
  const child = spawn(process.execPath, [join(repoRoot, 'packages/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // A production start seeds the demo tenants only when asked (as `pnpm start` does).
      TSUMIKI_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      TSUMIKI_DATA_DIR: dataDir,
      APP_DIST_DIR: appDir,
      TSUMIKI_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      // Every test signs in afresh; the per-IP limit is for real clients.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // scrypt's lowest allowed cost: a sign-in at the default costs the server about a second of
      // CPU on these machines, and the suite signs in well over a hundred times. The hashing path
      // is the same; its cost at the default is the server tests' and the bench's to measure.
      PASSWORD_HASH_COST: String(2 ** 14),
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.issuerUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);

  const password = readFileSync(join(dataDir, 'postgres-superuser-password'), 'utf8').trim();
  process.env.TSUMIKI_E2E_BASE_URL = baseUrl;
  process.env.TSUMIKI_E2E_APP_DIR = appDir;
  process.env.TSUMIKI_E2E_GOOGLE_ISSUER_URL = google.issuerUrl;
  process.env.TSUMIKI_E2E_DATABASE_URL = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/tsumiki`;

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await google.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  };
}
