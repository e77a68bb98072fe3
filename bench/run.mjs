#!/usr/bin/env node
// pnpm bench: GET /api/customers of the product server against two bare Fastify + pg servers that
// verify the same token: one runs the same SQL (captured from the product server), the other the
// floor (the same page and total in one statement); on a throwaway database of realistic Japanese
// customers, with the round trips to PostgreSQL counted in each server. See bench/README.md.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createLogCollector,
  describeUnits,
  jwtClaims,
  LOG_LINE_PREFIX,
  markerSql,
  mostCommon,
  statementsBetween,
  templateUnits,
  unitsOf,
} from './lib/capture.mjs';
import { cpuMs } from './lib/cpu.mjs';
import { compareWithIlike } from './lib/customers-ilike.mjs';
import { printCustomersReport } from './lib/customers-report.mjs';
import { caseResults } from './lib/customers-results.mjs';
import { generateCustomers } from './lib/data.mjs';
import { floorStatement, scopedTenant } from './lib/floor.mjs';
import { runLoad, summarize } from './lib/load.mjs';
import { integer, ms } from './lib/report.mjs';
import {
  atCleanup,
  elapsedText,
  freePort,
  gitDescribe,
  makeRunDir,
  runScript,
  say,
  step,
  writeResult,
} from './lib/runtime.mjs';
import {
  benchDir,
  buildIsStale,
  buildServerPackage,
  importFromServer,
  importServerApi,
  repoRoot,
  serverDir,
} from './lib/server-package.mjs';

// ── settings ─────────────────────────────────────────────────────────────────────────────

const argv = process.argv.slice(2);
const env = process.env;

if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench [--quick] [--verbose]

  --quick     小さな確認用（顧客 5,000 件、各 2 秒 × 2 ラウンド）
  --verbose   取り込んだ SQL・実行計画・進行状況を表示

環境変数（既定値は通常 / --quick）:
  BENCH_CUSTOMERS          顧客数（100000 / 5000）
  BENCH_INTERACTIONS       顧客 1 人あたりのやり取りの平均件数（3）
  BENCH_DURATION           1 回の計測の秒数（6 / 2）
  BENCH_ROUNDS             A/B を交互に繰り返す回数（5 / 2）
  BENCH_WARMUP             ケースごとのウォームアップ秒数（3 / 1）
  BENCH_CONNECTIONS        同時接続数（10）
  BENCH_POOL_SIZE          素の実装の pg プールの大きさ（10：Tsumiki の既定と同じ）
  BENCH_SEARCH_TERM        2 文字検索の語（佐藤）
  BENCH_DEEP_SKIP          深いページの skip（顧客数の半分 = 50000）
  BENCH_ILIKE_REPS         ILIKE と 1 接続で比べる回数（20 / 10）
  BENCH_SEED               データの乱数シード（20261122）
  BENCH_SERVER_DIR         計測するサーバーパッケージ（このリポジトリの packages/server）
  BENCH_BUILD=0            dist が古くてもビルドしない
  BENCH_DATA_DIR           使い捨てデータベースの置き場所（bench/.data）
  BENCH_KEEP_DATA=1        終了後もデータベースを消さない
  BENCH_OUT                結果の JSON（bench/results/customers-list.json、--quick は customers-list.quick.json）
  BENCH_NODE_ARGS          Tsumiki の node に渡すオプション（例 "--cpu-prof --cpu-prof-dir=/tmp/prof"）
  BENCH_API_RATE_LIMIT     Tsumiki の API_RATE_LIMIT_PER_MINUTE（0 = オフ。本番と同じく枠の upsert も測るなら 1000000。設定の上限）
  BENCH_CASES              負荷をかけるケース（カンマ区切り: default,kana,search,deep。既定はすべて。
                           SQL の取り込みと答えの照合はいつも 4 つとも）
`);
  process.exit(0);
}

const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
const verbose = argv.includes('--verbose') || argv.includes('-v') || env.BENCH_VERBOSE === '1';

function number(name, fallback, { min = 0, integer: whole = true } = {}) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value))) {
    throw new Error(`${name} は ${min} 以上の${whole ? '整数' : '数'}で指定してください（現在: "${raw}"）`);
  }
  return value;
}

const settings = {
  customers: number('BENCH_CUSTOMERS', quick ? 5_000 : 100_000, { min: 1 }),
  interactionsPerCustomer: number('BENCH_INTERACTIONS', 3, { integer: false }),
  durationSeconds: number('BENCH_DURATION', quick ? 2 : 6, { min: 0.5, integer: false }),
  rounds: number('BENCH_ROUNDS', quick ? 2 : 5, { min: 1 }),
  warmupSeconds: number('BENCH_WARMUP', quick ? 1 : 3, { integer: false }),
  connections: number('BENCH_CONNECTIONS', 10, { min: 1 }),
  poolSize: number('BENCH_POOL_SIZE', 10, { min: 1 }),
  searchTerm: env.BENCH_SEARCH_TERM?.trim() || '佐藤',
  deepSkip: 0,
  ilikeReps: number('BENCH_ILIKE_REPS', quick ? 10 : 20, { min: 1 }),
  seed: number('BENCH_SEED', 20_261_122),
  captureRepeats: 3,
  maxRequestsPerRun: 2_000_000,
};
settings.deepSkip = number('BENCH_DEEP_SKIP', Math.floor(settings.customers / 2));
const CASE_KEYS = ['default', 'kana', 'search', 'deep'];
settings.cases = (env.BENCH_CASES ?? CASE_KEYS.join(','))
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
for (const key of settings.cases) {
  if (!CASE_KEYS.includes(key)) {
    say(`BENCH_CASES のケース「${key}」はありません（${CASE_KEYS.join(', ')} から選んでください）`);
    process.exit(2);
  }
}

const TARGETS = { ratio: 0.9, floorRatio: 0.7, defaultP99: 15, searchP95: 20, ilikeFactor: 20 };
const outFile = resolve(
  env.BENCH_OUT ?? join(benchDir, 'results', quick ? 'customers-list.quick.json' : 'customers-list.json'),
);

const detail = (message) => {
  if (verbose) say(`  ${message}`);
};
const timed = async (label, work) => {
  const started = performance.now();
  const result = await work();
  detail(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} 秒`);
  return result;
};

// ── children ─────────────────────────────────────────────────────────────────────────────

const ROUND_TRIP_COUNTER = join(benchDir, 'lib', 'round-trips.mjs');

/**
 * Starts a child (Node 24, NODE_ENV=production) and waits for its { ready, url } message. Every
 * child counts its round trips to PostgreSQL (lib/round-trips.mjs; `roundTrips()` reads the count).
 * BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") goes to Tsumiki's node only.
 */
function startChild(label, script, childEnv) {
  const nodeArgs = [
    '--import',
    ROUND_TRIP_COUNTER,
    ...(label === 'Tsumiki' ? (env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean) : []),
  ];
  return new Promise((resolveChild, reject) => {
    const child = fork(join(benchDir, script), [], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: nodeArgs,
    });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const stop = () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolveStop();
        });
        child.kill('SIGTERM');
      });
    atCleanup(stop);
    const timer = setTimeout(
      () => reject(new Error(`${label} が 60 秒以内に起動しませんでした\n${output}`)),
      60_000,
    );
    let asked = 0;
    const roundTrips = () =>
      new Promise((resolveCount, rejectCount) => {
        asked += 1;
        const id = asked;
        const timeout = setTimeout(() => rejectCount(new Error(`${label} が往復の数を答えません`)), 5_000);
        const answer = (message) => {
          if (message?.roundTripsAnswer !== id) return;
          clearTimeout(timeout);
          child.off('message', answer);
          resolveCount(message.roundTrips);
        };
        child.on('message', answer);
        child.send({ roundTripsRequest: id });
      });
    child.once('message', (message) => {
      clearTimeout(timer);
      if (message?.ready)
        resolveChild({ url: message.url, pid: child.pid, stop, output: () => output, roundTrips });
      else reject(new Error(`${label} から想定外のメッセージ: ${JSON.stringify(message)}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} が終了しました（${code ?? signal}）\n${output}`));
    });
  });
}

async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, text, bytes: Buffer.byteLength(text) };
}

// ── the database ─────────────────────────────────────────────────────────────────────────

/** Columns of a table as the owner sees them (the schema is the server's, whatever its version). */
async function columnsOf(client, tableName) {
  const { rows } = await client.query(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as not_null, a.atthasdef as has_default,
            a.attgenerated <> '' as generated, a.attidentity <> '' as identity
       from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [tableName],
  );
  return rows;
}

/**
 * Inserts rows (objects keyed by column name) through `insert … select … from unnest($1::t[], …)`:
 * one statement per batch, so statement-level triggers (row counts, search terms) see the batch
 * at once. Only columns the table has are written; a required column we cannot fill is an error.
 */
async function bulkInsert(client, tableName, rows, batchSize, progress = () => {}) {
  if (rows.length === 0) return;
  const columns = await columnsOf(client, tableName);
  const provided = new Set(Object.keys(rows[0]));
  const missing = columns.filter(
    (c) => c.not_null && !c.has_default && !c.generated && !c.identity && !provided.has(c.name),
  );
  if (missing.length > 0) {
    throw new Error(
      `${tableName} の必須の列にベンチのデータがありません: ${missing.map((c) => c.name).join(', ')}（bench/lib/data.mjs を更新してください）`,
    );
  }
  const used = columns.filter((c) => provided.has(c.name) && !c.generated);
  const SEPARATOR = '\u001f';
  const casts = used.map((c, i) => (c.type.endsWith('[]') ? `$${i + 1}::text[]` : `$${i + 1}::${c.type}[]`));
  const exprs = used.map((c, i) =>
    c.type.endsWith('[]') ? `string_to_array(u.c${i}, chr(31))::${c.type}` : `u.c${i}`,
  );
  const text = `insert into ${tableName} (${used.map((c) => `"${c.name}"`).join(', ')})
    select ${exprs.join(', ')} from unnest(${casts.join(', ')}) as u(${used.map((_, i) => `c${i}`).join(', ')})`;
  // One batch after the other: the statement triggers of the newer schemas (row counts, then search
  // terms) lock the tenant's counter row until commit, so parallel batches would only queue.
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const values = used.map((c) =>
      batch.map((row) => {
        const value = row[c.name];
        if (value === null || value === undefined) return null;
        if (value instanceof Date) return value.toISOString();
        if (Array.isArray(value)) return value.join(SEPARATOR);
        return value;
      }),
    );
    await client.query(text, values);
    progress(Math.min(rows.length, start + batchSize), rows.length);
  }
}

// ── main ─────────────────────────────────────────────────────────────────────────────────

async function main() {
  const startedAt = new Date();
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < 24) {
    say(`注意: Node ${process.version} で動いています。pnpm bench で実行すると Node 24 になります。`);
  }
  const dir = serverDir();
  say(`Tsumiki ベンチマーク: GET /api/customers（${quick ? 'クイック' : '通常'}）`);
  const shownDir = dir.startsWith(`${repoRoot}/`) ? relative(repoRoot, dir) : dir;
  say(`  サーバー: ${shownDir}  ${gitDescribe(dir) ?? ''}`);

  if (env.BENCH_BUILD !== '0' && buildIsStale(dir)) buildServerPackage(dir, step);
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

  const runDir = makeRunDir('run');

  // ── 1. PostgreSQL; its log (stderr) comes to us, with a prefix that names backend and role ──
  step('組み込み PostgreSQL を起動しています');
  const database = 'tsumiki_bench';
  const postgresLog = createLogCollector();
  const cluster = await api.startEmbeddedPostgres({
    dataDir: runDir,
    database,
    log: detail,
    postgresLog: (message) => postgresLog.push(message),
  });
  atCleanup(() => cluster.stop());
  {
    const admin = new pg.Client({ connectionString: cluster.ownerUrl });
    await admin.connect();
    await admin.query(`alter system set log_line_prefix = '${LOG_LINE_PREFIX}'`);
    await admin.query('alter system set log_parameter_max_length = -1');
    await admin.query("alter system set log_statement = 'none'");
    await admin.query('select pg_reload_conf()');
    await admin.end();
  }
  const ownerRole = decodeURIComponent(new URL(cluster.ownerUrl).username);

  // ── 2. schema, app role and the demo seed (its users and password hashes are the server's own) ──
  step('マイグレーションとデモのテナント・ユーザーを作成しています');
  const boot = await api.bootstrapDatabase({ ownerUrl: cluster.ownerUrl, demo: true, log: detail });
  const appUrl = boot.appUrl;
  const appRole = decodeURIComponent(new URL(appUrl).username);
  const tenant = api.DEMO_TENANTS.sakura;
  const user = api.DEMO_USERS.sakuraAdmin;

  const owner = new pg.Client({ connectionString: cluster.ownerUrl, application_name: 'tsumiki-bench' });
  await owner.connect();
  atCleanup(() => owner.end());

  // ── 3. customers and interactions ──
  step(`顧客 ${integer(settings.customers)} 件を作成しています（テナント「${tenant.name}」）`);
  const { rows: members } = await owner.query(
    `select user_id from tenant_users where tenant_id = $1 and status = 'active' order by created_at, user_id`,
    [tenant.id],
  );
  const memberIds = members.map((row) => row.user_id);
  const dataset = await timed('データ生成', () =>
    generateCustomers({
      seed: settings.seed,
      count: settings.customers,
      tenantId: tenant.id,
      userIds: memberIds,
      now: startedAt,
      interactionsPerCustomer: settings.interactionsPerCustomer,
    }),
  );
  const customerColumns = new Set((await columnsOf(owner, 'customers')).map((c) => c.name));
  const assigneeColumn = ['assignee_user_id', 'assigned_staff_id'].find((name) => customerColumns.has(name));
  const customerRows = dataset.customers.map(({ assignee, ...row }) => ({
    ...row,
    ...(assigneeColumn ? { [assigneeColumn]: assignee } : {}),
    updated_by: row.created_by,
  }));
  const interactionRows = dataset.interactions.map((row) => ({ ...row, updated_by: row.created_by }));
  await timed('投入', async () => {
    // The demo customers of this tenant make way for the generated ones (the other tenant keeps its own).
    await owner.query('delete from customers where tenant_id = $1', [tenant.id]);
    const loadStarted = performance.now();
    // A throwaway database: no need to wait for each batch to reach the disk.
    await owner.query('set synchronous_commit = off');
    let shown = 0;
    await bulkInsert(owner, 'customers', customerRows, 2_000, (done, total) => {
      // Schemas with search-term triggers take minutes for 100,000 customers: show that it moves.
      if (done === total || done - shown >= total / 5) {
        shown = done;
        say(
          `  顧客 ${integer(done)} / ${integer(total)} 件（${Math.round((performance.now() - loadStarted) / 1000)} 秒）`,
        );
      }
    });
    await bulkInsert(owner, 'interactions', interactionRows, 10_000);
    await owner.query('reset synchronous_commit');
  });
  await timed('VACUUM ANALYZE', async () => {
    await owner.query('vacuum analyze');
    await owner.query('checkpoint');
  });
  say(`  顧客 ${integer(customerRows.length)} 件、やり取り ${integer(interactionRows.length)} 件`);

  // ── 4. the product server ──
  step('Tsumiki（本体のサーバー）を起動しています');
  const secret = randomBytes(32).toString('hex');
  const appDist = join(runDir, 'app-dist');
  mkdirSync(appDist, { recursive: true });
  writeFileSync(join(appDist, 'index.html'), '<!doctype html><title>bench</title>\n');
  const baseEnv = { ...env, NODE_ENV: 'production', BENCH_SERVER_DIR: dir };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'DATABASE_APP_URL', 'TSUMIKI_PG_PORT'])
    delete baseEnv[name];
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
    API_RATE_LIMIT_PER_MINUTE: env.BENCH_API_RATE_LIMIT ?? '0',
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

  const term = settings.searchTerm;
  const cases = [
    { key: 'default', label: '既定の一覧', query: 'limit=20' },
    { key: 'kana', label: 'フリガナ順', query: 'limit=20&sort_by=last_name_kana&sort_order=asc' },
    { key: 'search', label: `2 文字検索「${term}」`, query: `limit=20&search=${encodeURIComponent(term)}` },
    {
      key: 'deep',
      label: `深いページ（skip=${integer(settings.deepSkip)}）`,
      query: `limit=20&skip=${settings.deepSkip}`,
    },
  ].map((c, index) => ({ ...c, number: index + 1, path: `/api/customers?${c.query}` }));

  for (const c of cases) {
    const answer = await getJson(`${real.url}${c.path}`, headers);
    if (answer.status !== 200)
      throw new Error(`Tsumiki が ${c.path} に ${answer.status} を返しました: ${answer.text.slice(0, 500)}`);
  }

  // ── 5. capture the product server's SQL per request ──
  step('Tsumiki が実行する SQL を PostgreSQL のログから取り込んでいます');
  const capture = async (origin, labelPrefix, repeats) => {
    await owner.query("alter system set log_statement = 'all'");
    await owner.query('select pg_reload_conf()');
    await sleep(300);
    const labels = [];
    try {
      for (const c of cases) {
        for (let i = 0; i < repeats; i += 1) {
          const label = `${labelPrefix}:${c.key}:${i}`;
          await owner.query(markerSql(`${label}:begin`));
          const answer = await getJson(`${origin}${c.path}`, headers);
          await owner.query(markerSql(`${label}:end`));
          if (answer.status !== 200)
            throw new Error(`${c.path}: ${answer.status} ${answer.text.slice(0, 300)}`);
          labels.push({ c, label });
        }
      }
    } finally {
      await owner.query('alter system reset log_statement');
      await owner.query('select pg_reload_conf()');
    }
    const last = `${labels.at(-1).label}:end`;
    let records = [];
    for (let waited = 0; waited < 10_000; waited += 100) {
      records = postgresLog.records;
      if (statementsBetween(records, `${labels[0].label}:begin`, last, ownerRole)) break;
      await sleep(100);
    }
    const byCase = new Map(cases.map((c) => [c.key, []]));
    for (const { c, label } of labels) {
      const statements = statementsBetween(records, `${label}:begin`, `${label}:end`, appRole);
      if (!statements) throw new Error(`PostgreSQL のログにマーカー ${label} が見つかりません`);
      byCase.get(c.key).push(statements);
    }
    return byCase;
  };

  // One request per case first (caches, pool connections), then the captured ones.
  for (const c of cases) await getJson(`${real.url}${c.path}`, headers);
  const captured = await capture(real.url, 'tsumiki', settings.captureRepeats);
  const plan = { routes: {} };
  const capturedReport = {};
  for (const c of cases) {
    const runs = captured.get(c.key).map((statements) => unitsOf(statements));
    if (runs.some((run) => run.units.length === 0)) {
      throw new Error(
        `${c.path} の SQL を取り込めませんでした（${appRole} の文がログにありません）。` +
          'サーバーが別のロールで接続しているか、ログの設定が効いていません。',
      );
    }
    const common = mostCommon(runs.map((run) => templateUnits(run.units, claims)));
    const interleaved = runs.some((run) => run.interleaved);
    plan.routes[c.path] = { units: common.units };
    const statementCount = common.units.reduce((sum, unit) => sum + unit.statements.length, 0);
    capturedReport[c.key] = {
      path: c.path,
      statements: statementCount,
      transactions: common.units.filter((unit) => unit.transaction).length,
      agreed: `${common.agreed}/${common.of}`,
      parallelQueries: interleaved,
      listing: describeUnits(common.units),
      units: common.units,
    };
    say(
      `  ${c.number}. ${c.label}: 文 ${statementCount} 個（トランザクション ${capturedReport[c.key].transactions}）` +
        `${common.agreed === common.of ? '' : `  注意: ${common.of} 回中 ${common.agreed} 回だけ同じ並び`}` +
        `${interleaved ? '  注意: 並行して実行された文あり（素の実装は順に実行）' : ''}`,
    );
    if (verbose) for (const line of capturedReport[c.key].listing) say(`    ${line}`);
  }
  const planFile = join(runDir, 'baseline-plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));

  // ── 6. the baseline, and a check that it sends exactly the same SQL ──
  step('素の実装（Fastify + pg）を起動しています');
  const baseline = await startChild('素の実装', 'baseline-server.mjs', {
    ...baseEnv,
    BASELINE_PLAN: planFile,
    BASELINE_DATABASE_URL: appUrl,
    BASELINE_POOL_SIZE: String(settings.poolSize),
    BASELINE_JWT_AUDIENCE: typeof claims.aud === 'string' ? claims.aud : '',
    AUTH_JWT_SECRET: secret,
    PORT: String(await freePort()),
  });
  detail(`素の実装: ${baseline.url}（PID ${baseline.pid}）`);
  for (const c of cases) await getJson(`${baseline.url}${c.path}`, headers);
  const replayed = await capture(baseline.url, 'baseline', 1);
  for (const c of cases) {
    const ours = JSON.stringify(plan.routes[c.path].units);
    const theirs = JSON.stringify(templateUnits(unitsOf(replayed.get(c.key)[0]).units, claims));
    if (ours !== theirs) {
      throw new Error(
        `素の実装が ${c.path} で Tsumiki と違う SQL を送りました。\nTsumiki: ${ours}\n素の実装: ${theirs}`,
      );
    }
  }
  say('  ✓ 素の実装が送る SQL（文・パラメーター・順序・トランザクション）は Tsumiki と同一');

  // Same answers? (the page's ids and the total)
  const answers = {};
  for (const c of cases) {
    const a = await getJson(`${real.url}${c.path}`, headers);
    const b = await getJson(`${baseline.url}${c.path}`, headers);
    const ids = (answer) =>
      Array.isArray(answer.body?.customers) ? answer.body.customers.map((x) => x.id) : null;
    const sameIds = JSON.stringify(ids(a)) === JSON.stringify(ids(b));
    answers[c.key] = {
      total: a.body?.total ?? null,
      totalCapped: a.body?.total_capped ?? null,
      rows: ids(a)?.length ?? null,
      bytes: { tsumiki: a.bytes, baseline: b.bytes },
      sameIds,
    };
    detail(
      `${c.label}: total=${a.body?.total} 行=${ids(a)?.length} 応答 ${integer(a.bytes)} B / 素の実装 ${integer(b.bytes)} B、同じ顧客 ID: ${sameIds ? 'はい' : 'いいえ'}`,
    );
    if (!sameIds) say(`  注意: ${c.label} で両者の返す顧客 ID が違います`);
  }

  // ── 6b. the floor: the same page and total in one statement ──
  step('下限（Fastify + pg、1 文）を起動しています');
  const floorPlan = { tenantId: null, routes: {} };
  for (const c of cases) {
    const units = plan.routes[c.path].units;
    floorPlan.tenantId ??= scopedTenant(units);
    floorPlan.routes[c.path] = floorStatement(units);
    capturedReport[c.key].floor = floorPlan.routes[c.path];
    detail(`${c.label}（下限）: ${floorPlan.routes[c.path].text}`);
  }
  const floorPlanFile = join(runDir, 'floor-plan.json');
  writeFileSync(floorPlanFile, JSON.stringify(floorPlan, null, 2));
  const floor = await startChild('下限', 'floor-server.mjs', {
    ...baseEnv,
    FLOOR_PLAN: floorPlanFile,
    FLOOR_DATABASE_URL: appUrl,
    FLOOR_POOL_SIZE: String(settings.poolSize),
    FLOOR_JWT_AUDIENCE: typeof claims.aud === 'string' ? claims.aud : '',
    AUTH_JWT_SECRET: secret,
    PORT: String(await freePort()),
  });
  detail(`下限: ${floor.url}（PID ${floor.pid}）`);
  for (const c of cases) {
    const a = await getJson(`${real.url}${c.path}`, headers);
    const f = await getJson(`${floor.url}${c.path}`, headers);
    const ids = (answer) =>
      Array.isArray(answer.body?.customers) ? answer.body.customers.map((x) => x.id) : null;
    const same = JSON.stringify(ids(a)) === JSON.stringify(ids(f)) && a.body?.total === f.body?.total;
    answers[c.key].floorSame = same;
    answers[c.key].bytes.floor = f.bytes;
    if (!same) {
      throw new Error(
        `下限が ${c.path} で Tsumiki と違う答えを返しました（total ${a.body?.total} / ${f.body?.total}、` +
          `ID ${JSON.stringify(ids(a))} / ${JSON.stringify(ids(f))}）`,
      );
    }
  }
  say('  ✓ 下限は Tsumiki と同じ顧客 ID と total を 1 文で返す');

  // ── 7. load: warm-up, then A/B/A/B rounds ──
  // The cases put under load (BENCH_CASES); capture and answers above cover all four.
  const measured = cases.filter((c) => settings.cases.includes(c.key));
  const servers = [
    { key: 'tsumiki', label: 'Tsumiki', url: real.url },
    { key: 'baseline', label: '素の実装', url: baseline.url, child: baseline },
    { key: 'floor', label: '下限（1 文）', url: floor.url, child: floor },
  ];
  servers[0].child = real;
  const runsOf = new Map();
  const load = (server, c, seconds) =>
    runLoad({
      origin: server.url,
      path: c.path,
      headers,
      connections: settings.connections,
      seconds,
      maxRequests: settings.maxRequestsPerRun,
    });
  const totalSeconds =
    measured.length * servers.length * (settings.warmupSeconds + settings.rounds * settings.durationSeconds);
  step(
    `負荷をかけています: 接続 ${settings.connections}、各 ${settings.durationSeconds} 秒 × ${settings.rounds} ラウンド` +
      `（ウォームアップ ${settings.warmupSeconds} 秒、約 ${Math.ceil(totalSeconds)} 秒）`,
  );
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length * 0.5) {
    say(
      `  注意: 計測前のロードアベレージが ${loadBefore.toFixed(2)}（${os.cpus().length} コア）です。` +
        '他のプロセスが CPU を使っていると数値がぶれます（A/B 交互なので比率への影響は小さめ）。',
    );
  }
  let failures = 0;
  if (settings.warmupSeconds > 0) {
    for (const c of measured) {
      for (const server of servers) {
        const warm = await load(server, c, settings.warmupSeconds);
        if (warm.errors > 0)
          throw new Error(`${server.label} ${c.path}: ${warm.errors} 件のエラー（${warm.firstError}）`);
      }
    }
  }
  // The product server's pool, as PostgreSQL sees it right after being loaded with N connections.
  const { rows: poolRows } = await owner.query(
    `select application_name, count(*)::int as n from pg_stat_activity where usename = $1 group by 1`,
    [appRole],
  );
  const observedPool = {
    tsumiki: poolRows
      .filter((r) => !r.application_name.startsWith('tsumiki-bench-'))
      .reduce((s, r) => s + r.n, 0),
    baseline: poolRows.find((r) => r.application_name === 'tsumiki-bench-baseline')?.n ?? 0,
    floor: poolRows.find((r) => r.application_name === 'tsumiki-bench-floor')?.n ?? 0,
  };
  detail(`PostgreSQL への接続数: Tsumiki ${observedPool.tsumiki}、素の実装 ${observedPool.baseline}`);
  if (observedPool.tsumiki !== settings.poolSize) {
    say(
      `  注意: Tsumiki の接続は ${observedPool.tsumiki} 本、素の実装のプールは ${settings.poolSize}（BENCH_POOL_SIZE で合わせられます）`,
    );
  }

  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const c of measured) {
      for (const server of servers) {
        const roundTripsBefore = await server.child.roundTrips();
        const cpuBefore = cpuMs(server.child.pid);
        const result = await load(server, c, settings.durationSeconds);
        const cpuAfter = cpuMs(server.child.pid);
        result.cpuMs = cpuBefore === null || cpuAfter === null ? Number.NaN : cpuAfter - cpuBefore;
        result.roundTrips = (await server.child.roundTrips()) - roundTripsBefore;
        const key = `${c.key}:${server.key}`;
        if (!runsOf.has(key)) runsOf.set(key, []);
        runsOf.get(key).push(result);
        if (result.errors > 0) {
          failures += result.errors;
          say(`  エラー: ${server.label} ${c.label}: ${result.errors} 件（${result.firstError}）`);
        }
        detail(
          `ラウンド ${round} ${c.label} ${server.label}: ${integer(result.latencies.length / result.seconds)} req/s、` +
            `p99 ${ms(summarize(result.latencies, result.seconds).p99)}`,
        );
      }
    }
  }

  const results = caseResults(measured, servers, runsOf);

  const loadAfter = os.loadavg()[0];

  // ── 8. the 2-character search against an unindexed ILIKE, one connection, N repetitions ──
  const searchCase = cases.find((c) => c.key === 'search');
  const serial = await compareWithIlike({
    pg,
    appUrl,
    appRole,
    tenantId: tenant.id,
    real,
    baseline,
    searchCase,
    headers,
    settings,
    serverTotal: answers.search?.total ?? null,
    verbose,
  });
  const { ilike, hits } = serial;
  failures += serial.errors;

  // ── 9. report ──
  const targets = printCustomersReport({
    results,
    cases,
    servers,
    settings,
    TARGETS,
    ilike,
    hits,
    counts: { customers: customerRows.length, interactions: interactionRows.length },
    load: { loadBefore, loadAfter },
  });

  const report = {
    benchmark: 'customers-list',
    createdAt: startedAt.toISOString(),
    mode: quick ? 'quick' : 'full',
    node: process.version,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? null,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      // 1-minute load average before and after the load phase (the bench itself adds about 2).
      loadAverage: { before: loadBefore, after: loadAfter },
    },
    server: { dir: shownDir, git: gitDescribe(dir) },
    settings,
    data: {
      tenant: tenant.name,
      customers: customerRows.length,
      interactions: interactionRows.length,
      searchHits: hits,
    },
    observedPool,
    cases: results.map((r) => ({ ...r, answers: answers[r.key] })),
    ilike,
    targets,
    captured: capturedReport,
    failures,
    elapsedSeconds: (Date.now() - startedAt.getTime()) / 1000,
  };
  const shownOut = writeResult(outFile, report);
  const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
  say();
  say(`結果: ${shownOut}（所要時間 ${elapsedText(elapsedSeconds)}）`);
  if (failures > 0) {
    say(`エラーになったリクエストが ${failures} 件あります。`);
    process.exitCode = 1;
  }
}

await runScript(main, 'ベンチマーク');
