// The product server under measurement: its package (built if stale, with its programmatic API),
// then the server started on the bench's database with a signing key of ours (the bare servers
// verify its tokens with the same key), signed in as the demo tenant's admin, and checked to
// answer every case before anything is captured or measured.
import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import { jwtClaims } from '../lib/capture.mjs';
import { placeholderApp } from '../lib/product.mjs';
import { freePort, gitDescribe, say, step } from '../lib/runtime.mjs';
import {
  buildIsStale,
  buildServerPackage,
  importFromServer,
  importServerApi,
  repoRoot,
  serverDir,
} from '../lib/server-package.mjs';
import { childEnv, getJson, startChild } from './children.mjs';

/**
 * The server package to measure (BENCH_SERVER_DIR, else this repository's), announced with its git
 * state, built first when its dist is older than its sources (unless BENCH_BUILD=0); with its
 * programmatic API, which must have what the bench uses, and its pg.
 */
export async function serverToMeasure({ quick }) {
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < 24) {
    say(`注意: Node ${process.version} で動いています。pnpm bench で実行すると Node 24 になります。`);
  }
  const dir = serverDir();
  say(`Tsumiki ベンチマーク: GET /api/customers（${quick ? 'クイック' : '通常'}）`);
  const shownDir = dir.startsWith(`${repoRoot}/`) ? relative(repoRoot, dir) : dir;
  say(`  サーバー: ${shownDir}  ${gitDescribe(dir) ?? ''}`);

  if (process.env.BENCH_BUILD !== '0' && buildIsStale(dir)) buildServerPackage(dir, step);
  const api = await importServerApi(dir);
  const pg = (await importFromServer(dir, 'pg')).default;
  for (const name of [
    'startEmbeddedPostgres',
    'bootstrapDatabase',
    'DEMO_TENANTS',
    'DEMO_USERS',
    'DEMO_PASSWORD',
  ]) {
    if (!(name in api)) throw new Error(`サーバーの公開 API に ${name} がありません（${dir}/src/index.ts）`);
  }
  return { dir, shownDir, api, pg };
}

/**
 * Starts the product server on the bench's database, signs in as the demo admin and checks that
 * every case answers 200. Returns the server, the signing key, the children's environment, the
 * token's claims and the headers that carry it.
 */
export async function startTsumiki({ api, dir, runDir, cluster, appUrl, user, cases, detail }) {
  step('Tsumiki（本体のサーバー）を起動しています');
  const secret = randomBytes(32).toString('hex');
  const appDist = placeholderApp(runDir);
  const baseEnv = childEnv(dir);
  const real = await startChild('Tsumiki', 'real-server.mjs', {
    ...baseEnv,
    DATABASE_URL: cluster.ownerUrl,
    DATABASE_APP_URL: appUrl,
    TSUMIKI_DATA_DIR: join(runDir, 'server-data'),
    TSUMIKI_DEMO: '0',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    AUTH_JWT_SECRET: secret,
    ACCESS_TOKEN_TTL: '86400',
    // Off unless asked: with it on, the same-SQL baseline replays the budget's upsert too (it is
    // captured like every statement) and the floor does not.
    API_RATE_LIMIT_PER_MINUTE: process.env.BENCH_API_RATE_LIMIT ?? '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    APP_DIST_DIR: appDist,
  });
  detail(`Tsumiki: ${real.url}（PID ${real.pid}）`);

  const signIn = await fetch(`${real.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: api.DEMO_PASSWORD }),
  });
  const session = await signIn.json().catch(() => ({}));
  if (!signIn.ok || typeof session.access_token !== 'string') {
    throw new Error(`ログインできませんでした（${signIn.status}）: ${JSON.stringify(session)}`);
  }
  const token = session.access_token;
  const claims = jwtClaims(token);
  const headers = { authorization: `Bearer ${token}` };
  detail(`ログイン: ${user.email}（アクセストークン HS256、aud=${claims.aud}）`);

  for (const c of cases) {
    const answer = await getJson(`${real.url}${c.path}`, headers);
    if (answer.status !== 200)
      throw new Error(`Tsumiki が ${c.path} に ${answer.status} を返しました: ${answer.text.slice(0, 500)}`);
  }
  return { real, secret, baseEnv, claims, headers };
}
