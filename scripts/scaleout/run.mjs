#!/usr/bin/env node
// pnpm scaleout: two Tsumiki processes on one PostgreSQL, the app role through PgBouncer in
// transaction mode, files in an S3-compatible bucket (s3rver), HAProxy round-robin in front with
// health checks; then the checks of checks.mjs, printed one by one. See docs/scale-out.md.
import { join } from 'node:path';
import { placeholderApp, productEnv, startProduct, waitHealthy } from '../../bench/lib/product.mjs';
import { atCleanup, freePort, makeRunDir, runScript, say, step } from '../../bench/lib/runtime.mjs';
import {
  buildIsStale,
  buildServerPackage,
  importFromServer,
  importServerApi,
  serverDir,
} from '../../bench/lib/server-package.mjs';
import { SCALEOUT_CHECKS } from './checks.mjs';
import { ensureDebianPackages, startHaproxy, startPgBouncer, startS3rver } from './infra.mjs';

/** The API budget per client and minute in this run: small, so that 1.0× and 2× differ clearly. */
const API_LIMIT = 150;

async function main() {
  say('Tsumiki スケールアウトの確認（2 プロセス + HAProxy + PgBouncer + S3 互換ストレージ）');
  ensureDebianPackages();
  const dir = serverDir();
  if (process.env.BENCH_BUILD !== '0' && buildIsStale(dir)) buildServerPackage(dir, step);
  const api = await importServerApi(dir);
  const runDir = makeRunDir('scaleout');

  step('組み込み PostgreSQL を起動し、マイグレーションとデモデータを入れています');
  const database = 'tsumiki_scaleout';
  const cluster = await api.startEmbeddedPostgres({ dataDir: runDir, database, log: () => {} });
  atCleanup(() => cluster.stop());
  const boot = await api.bootstrapDatabase({ ownerUrl: cluster.ownerUrl, demo: true, log: () => {} });

  step('PgBouncer（transaction モード）と s3rver を起動しています');
  const direct = new URL(boot.appUrl);
  const pooled = new URL(boot.appUrl);
  pooled.port = String(await freePort());
  await startPgBouncer({
    runDir,
    port: Number(pooled.port),
    postgresPort: Number(direct.port),
    database,
    user: decodeURIComponent(direct.username),
    password: decodeURIComponent(direct.password),
  });
  const s3 = await startS3rver({
    runDir,
    port: await freePort(),
    bucket: 'tsumiki-scaleout',
    serverDir: dir,
  });

  step(
    'サーバーを 2 つ起動しています（アプリ用ロールは PgBouncer 経由、LISTEN と pg-boss は直接、ファイルは S3）',
  );
  const appDist = placeholderApp(runDir);
  const servers = [];
  for (const name of ['a', 'b']) {
    const port = await freePort();
    const handle = startProduct({
      dir,
      env: productEnv({
        DATABASE_URL: cluster.ownerUrl,
        DATABASE_APP_URL: pooled.toString(),
        // LISTEN and pg-boss need a session of their own: straight to PostgreSQL.
        DATABASE_APP_DIRECT_URL: direct.toString(),
        TSUMIKI_DATA_DIR: join(runDir, `server-${name}`),
        TSUMIKI_DEMO: '0',
        HOST: '127.0.0.1',
        PORT: String(port),
        TRUST_PROXY: '1',
        API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
        APP_DIST_DIR: appDist,
        LOG_LEVEL: 'warn',
        ...s3,
      }),
      logFile: join(runDir, `server-${name}.log`),
    });
    servers.push({ name, port, origin: `http://127.0.0.1:${port}`, handle });
  }
  for (const server of servers) {
    const health = await waitHealthy(server.origin, server.handle);
    if (!health.healthy)
      throw new Error(`サーバー ${server.name} が起動しませんでした（${server.handle.logFile}）`);
  }

  step('HAProxy（ラウンドロビン、ヘルスチェック 500 ms）を起動しています');
  const lbPort = await freePort();
  await startHaproxy({ runDir, port: lbPort, servers });
  const context = {
    api,
    servers,
    lb: `http://127.0.0.1:${lbPort}`,
    apiLimit: API_LIMIT,
    ownerUrl: cluster.ownerUrl,
    pg: (await importFromServer(dir, 'pg')).default,
  };

  say('');
  const results = [];
  for (const check of SCALEOUT_CHECKS) {
    const started = Date.now();
    let result;
    try {
      result = await check.run(context);
    } catch (error) {
      result = { status: 'fail', detail: String(error?.message ?? error) };
    }
    const mark = { pass: '✔', fail: '✘', missing: '－' }[result.status];
    say(`${mark} ${check.title}（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
    say(`    ${result.detail}`);
    results.push(result.status);
  }
  say('');
  const count = (status) => results.filter((result) => result === status).length;
  say(
    `結果: 成功 ${count('pass')}、失敗 ${count('fail')}、未実装 ${count('missing')}（全 ${results.length}）`,
  );
  if (count('fail') > 0) process.exitCode = 1;
}

await runScript(main, 'スケールアウトの確認');
