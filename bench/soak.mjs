#!/usr/bin/env node
// pnpm soak: the soak run. The product server (dist/main.js with its embedded PostgreSQL, as
// `pnpm start` runs it) on a fresh data directory gets mixed, authenticated traffic on loopback at
// a steady rate (open loop: requests leave on schedule whether or not earlier ones have answered)
// for a long while — 10 minutes by default. It reports errors by status, latency percentiles,
// and the server's resident memory over time (a leak shows as a slope). Not for CI.
// See bench/README.md.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiInputs, prng } from './lib/data.mjs';
import { call, connect, signIn } from './lib/http.mjs';
import { percentile } from './lib/load.mjs';
import { freshInstallation, productToMeasure, rssKiB, stopProduct } from './lib/product.mjs';
import { integer, ms, table } from './lib/report.mjs';
import { argNumber, makeRunDir, resultFile, runScript, say, step } from './lib/runtime.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm soak [--minutes N] [--rate R] [--customers N] [--connections N]

  --minutes N      負荷をかける時間（10 分）
  --rate R         1 秒あたりのリクエスト数（50）。一定の間隔で送り、応答を待たない（最大スループットではない）
  --customers N    始める前に API で登録しておく顧客の数（1000。やり取りは 1 人 1〜2 件）
  --connections N  keep-alive の接続数の上限（16）

環境変数: BENCH_SERVER_DIR（計測するサーバー）、BENCH_BUILD=0（ビルドしない）、
  BENCH_DATA_DIR（使い捨てディレクトリの置き場所、bench/.data）、BENCH_KEEP_DATA=1（残す）、
  BENCH_OUT（結果の JSON、bench/results/soak.json）
`);
  process.exit(0);
}

const settings = {
  minutes: argNumber(argv, '--minutes', 10, { min: 0.1, integer: false }),
  rate: argNumber(argv, '--rate', 50, { min: 1, integer: false }),
  customers: argNumber(argv, '--customers', 1_000, { min: 10 }),
  connections: argNumber(argv, '--connections', 16, { min: 1 }),
  // /proc/<pid>/status VmRSS of the server process, this often.
  rssEverySeconds: 10,
  // Requests in flight beyond this are not sent (and counted): the server is not keeping up, and
  // an ever longer queue on our side would measure the queue.
  maxInFlight: 256,
  seed: 20_261_124,
};
const outFile = resultFile('soak.json');

// ── the traffic ──────────────────────────────────────────────────────────────────────────

/**
 * What the app's screens send, with weights (the share of requests): the customer list in its
 * sorts, pages and searches, a customer's page (the customer, its timeline), the edits, the
 * dashboard's three reads, and what every screen asks (session, user, features). Each function
 * returns the request to send, or null when it cannot be made now (then another is drawn).
 */
function trafficMix({ random, known, terms, people, monthStart }) {
  const SORTS = ['created_at', 'updated_at', 'last_name_kana', 'company_name_kana'];
  const someCustomer = () => (known.ids.length > 0 ? random.pick(known.ids) : null);
  const page = (total) => 20 * random.int(0, Math.max(0, Math.min(49, Math.floor(total / 20) - 1)));
  return [
    { name: '一覧（既定）', weight: 14, make: () => ({ method: 'GET', path: '/api/customers?limit=20' }) },
    {
      name: '一覧（並べ替え・ページ）',
      weight: 10,
      make: () => ({
        method: 'GET',
        path: `/api/customers?limit=20&skip=${page(known.ids.length)}&sort_by=${random.pick(SORTS)}&sort_order=${random.pick(['asc', 'desc'])}`,
      }),
    },
    {
      name: '一覧（検索）',
      weight: 10,
      make: () => ({
        method: 'GET',
        path: `/api/customers?limit=20&search=${encodeURIComponent(random.pick(terms))}${random.chance(0.3) ? '&sort_by=last_name_kana&sort_order=asc' : ''}`,
      }),
    },
    {
      name: '顧客 1 件',
      weight: 12,
      make: () => {
        const id = someCustomer();
        return id && { method: 'GET', path: `/api/customers/${id}`, customer: id };
      },
    },
    {
      name: '顧客の対応履歴',
      weight: 8,
      make: () => {
        const id = someCustomer();
        return id && { method: 'GET', path: `/api/interactions/${id}?limit=20` };
      },
    },
    {
      name: '顧客の登録',
      weight: 3,
      make: () => ({
        method: 'POST',
        path: '/api/customers',
        body: random.pick(people).input,
        creates: true,
      }),
    },
    {
      name: '顧客の更新',
      weight: 4,
      make: () => {
        // Never two edits of one customer at once: a 409 here would be the soak's doing.
        const id = someCustomer();
        if (!id || known.editing.has(id) || !known.versions.has(id)) return null;
        return {
          method: 'PUT',
          path: `/api/customers/${id}`,
          customer: id,
          edits: true,
          body: {
            version: known.versions.get(id),
            phone: `03-${String(random.int(1000, 9999))}-${String(random.int(1000, 9999))}`,
            tags: random.chance(0.5) ? ['要フォロー'] : ['VIP', 'リピーター'],
            notes: `ソーク ${new Date().toISOString()}`,
          },
        };
      },
    },
    {
      name: '対応の記録',
      weight: 4,
      make: () => {
        const id = someCustomer();
        const entry = random.pick(people).interactions[0];
        return (
          id &&
          entry && {
            method: 'POST',
            path: '/api/interactions',
            body: { customer_id: id, type: entry.type, summary: entry.summary, content: entry.content },
          }
        );
      },
    },
    {
      name: '対応履歴の一覧',
      weight: 4,
      make: () => ({ method: 'GET', path: `/api/interactions?limit=20&skip=${20 * random.int(0, 4)}` }),
    },
    {
      name: 'ダッシュボード: 顧客数',
      weight: 4,
      make: () => ({ method: 'GET', path: '/api/customers?limit=1' }),
    },
    {
      name: 'ダッシュボード: 最近の対応',
      weight: 4,
      make: () => ({ method: 'GET', path: '/api/interactions?limit=3' }),
    },
    {
      name: 'ダッシュボード: 今月の対応',
      weight: 4,
      make: () => ({
        method: 'GET',
        path: `/api/interactions?limit=1&created_from=${encodeURIComponent(monthStart)}`,
      }),
    },
    { name: 'セッション', weight: 8, make: () => ({ method: 'GET', path: '/api/sessions/current' }) },
    { name: 'ユーザーとテナント', weight: 3, make: () => ({ method: 'GET', path: '/api/auth/tenant/me' }) },
    {
      name: '機能フラグ',
      weight: 3,
      make: () => ({ method: 'GET', path: '/api/tenant-features/my-features' }),
    },
    { name: '担当者の候補', weight: 2, make: () => ({ method: 'GET', path: '/api/customers/assignees' }) },
    {
      name: '郵便番号',
      weight: 2,
      // Real codes (the generated people's are random and mostly do not exist: a 404 is no error).
      make: () => ({ method: 'GET', path: `/api/postal-codes/${random.pick(POSTAL_CODES)}` }),
    },
    {
      name: 'CSV 書き出し',
      weight: 0.3,
      make: () => ({ method: 'GET', path: '/api/customers/export?encoding=shift_jis' }),
    },
    { name: '稼働確認', weight: 1, make: () => ({ method: 'GET', path: '/api/health' }) },
  ];
}

const POSTAL_CODES = ['150-0001', '100-0001', '530-0001', '060-0001', '810-0001', '4600001', '980-0001'];

/** What one search box would get: surnames, their kana, company names, mail and phone fragments. */
function searchTerms(people) {
  const terms = new Set();
  for (const { input } of people.slice(0, 300)) {
    terms.add(input.last_name);
    terms.add(input.last_name_kana.slice(0, 3));
    if (input.company_name) terms.add(input.company_name.replace(/株式会社|有限会社/g, '').slice(0, 2));
    if (input.email) terms.add(input.email.slice(0, 5));
    if (input.phone) terms.add(input.phone.slice(0, 4));
  }
  return [...terms].filter((term) => term.length >= 2);
}

/** Least-squares slope of (seconds, KiB) samples, in MiB per minute. */
function slopeMiBPerMinute(samples) {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.seconds, 0) / n;
  const my = samples.reduce((s, p) => s + p.kib, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.seconds - mx) * (p.kib - my);
    den += (p.seconds - mx) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 60) / 1024;
}

const perMinute = (slope) =>
  Number.isFinite(slope) ? `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MiB/分` : '—（3 分以上で出ます）';
const mib = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(1)} MiB` : '—');

// ── main ─────────────────────────────────────────────────────────────────────────────────

async function main() {
  const measured = await productToMeasure(
    `Tsumiki ソーク: ${settings.rate} req/s を ${settings.minutes} 分（認証付き・混合・ループバック）`,
  );
  const { dir, api } = measured;
  const user = api.DEMO_USERS.sakuraAdmin;

  const runDir = makeRunDir('soak');
  const { origin, startFirst } = await freshInstallation({ dir, runDir });
  step('新しいデータディレクトリで起動しています（初期化とデモデータの投入を含む）');
  const { server, msToHealthy } = await startFirst();
  const rssAfterBoot = rssKiB(server.pid);
  say(
    `  正常になるまで ${(msToHealthy / 1000).toFixed(1)} 秒（PID ${server.pid}、RSS ${mib(rssAfterBoot)}）`,
  );

  const pool = connect(origin, { connections: settings.connections });
  let session = await signIn(pool, user.email, api.DEMO_PASSWORD);
  const random = prng(settings.seed);
  const people = apiInputs({ seed: settings.seed, count: 2_000, assigneeIds: [user.id] });
  const known = { ids: [], versions: new Map(), editing: new Set() };

  // ── the data the traffic works on, created through the API ──
  step(`顧客 ${integer(settings.customers)} 人とその対応履歴を API で登録しています`);
  const seedStarted = performance.now();
  let seeded = 0;
  const seedOne = async (person) => {
    const created = await call(pool, 'POST', '/api/customers', {
      token: session.access_token,
      body: person.input,
    });
    if (created.status !== 201)
      throw new Error(`顧客を登録できませんでした（${created.status}）: ${created.text.slice(0, 300)}`);
    known.ids.push(created.body.id);
    known.versions.set(created.body.id, created.body.version);
    for (const entry of person.interactions.slice(0, 2)) {
      await call(pool, 'POST', '/api/interactions', {
        token: session.access_token,
        body: { customer_id: created.body.id, ...entry },
      });
    }
    seeded += 1;
  };
  for (let i = 0; i < settings.customers; i += 8) {
    const batch = [];
    for (let j = i; j < Math.min(settings.customers, i + 8); j += 1)
      batch.push(seedOne(people[j % people.length]));
    await Promise.all(batch);
  }
  say(`  ${integer(seeded)} 人（${((performance.now() - seedStarted) / 1000).toFixed(1)} 秒）`);

  // ── the steady load ──
  const now = new Date();
  const monthStart = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 9 * 3_600_000,
  ).toISOString();
  const ops = trafficMix({ random, known, terms: searchTerms(people), people, monthStart });
  const totalWeight = ops.reduce((sum, op) => sum + op.weight, 0);
  const drawOp = () => {
    for (;;) {
      let target = random.next() * totalWeight;
      const op = ops.find((candidate) => {
        target -= candidate.weight;
        return target < 0;
      });
      const request = op?.make();
      if (request) return { op, request };
    }
  };
  const byOp = new Map(ops.map((op) => [op.name, { latencies: [], statuses: {} }]));
  const all = [];
  const errors = {};
  let firstError = null;
  let inFlight = 0;
  let skipped = 0;
  let refreshes = 0;
  const minuteStats = [];
  let minute = { requests: 0, errors: 0, latencies: [] };

  const send = async ({ op, request }) => {
    inFlight += 1;
    if (request.edits) known.editing.add(request.customer);
    const answer = await call(pool, request.method, request.path, {
      token: session.access_token,
      body: request.body,
    });
    inFlight -= 1;
    if (request.edits) known.editing.delete(request.customer);
    const stats = byOp.get(op.name);
    const key = answer.status === 0 ? `0 ${answer.error}` : String(answer.status);
    stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
    minute.requests += 1;
    if (answer.status >= 200 && answer.status < 300) {
      stats.latencies.push(answer.ms);
      all.push(answer.ms);
      minute.latencies.push(answer.ms);
      if (request.creates) known.ids.push(answer.body.id);
      if (answer.body?.version && answer.body?.id) known.versions.set(answer.body.id, answer.body.version);
    } else {
      errors[key] = (errors[key] ?? 0) + 1;
      minute.errors += 1;
      firstError ??= `${op.name} ${request.method} ${request.path}: ${key} ${answer.text.slice(0, 300)}`;
      // The version we know is stale (should not happen: edits never overlap): read it again.
      if (answer.status === 409 && request.customer) {
        const fresh = await call(pool, 'GET', `/api/customers/${request.customer}`, {
          token: session.access_token,
        });
        if (fresh.status === 200) known.versions.set(request.customer, fresh.body.version);
      }
    }
  };

  const durationMs = settings.minutes * 60_000;
  step(
    `${settings.rate} req/s を ${settings.minutes} 分（予定 ${integer((settings.rate * durationMs) / 1000)} リクエスト、接続 ${settings.connections} まで）`,
  );
  const loadStarted = performance.now();
  const rss = [];
  const sampleRss = () => {
    const kib = rssKiB(server.pid);
    if (kib !== null) rss.push({ seconds: (performance.now() - loadStarted) / 1000, kib });
  };
  sampleRss();
  const sampler = setInterval(sampleRss, settings.rssEverySeconds * 1000);

  // The access token lasts ACCESS_TOKEN_TTL (15 minutes by default): renew it as the app does,
  // with the refresh token, at four fifths of its life.
  const refreshEveryMs = Math.max(30, (session.expires_in ?? 900) * 0.8) * 1000;
  let nextRefresh = loadStarted + refreshEveryMs;
  let nextReport = loadStarted + 60_000;
  const pending = new Set();
  let sent = 0;
  while (performance.now() - loadStarted < durationMs) {
    const elapsed = performance.now() - loadStarted;
    // Open loop: as many requests as the schedule says by now, whatever the answers do.
    const due = Math.floor((elapsed / 1000) * settings.rate) - sent - skipped;
    for (let i = 0; i < due; i += 1) {
      if (inFlight >= settings.maxInFlight) {
        skipped += 1;
        continue;
      }
      sent += 1;
      const promise = send(drawOp());
      pending.add(promise);
      promise.finally(() => pending.delete(promise));
    }
    if (performance.now() >= nextRefresh) {
      nextRefresh += refreshEveryMs;
      const renewed = await call(pool, 'POST', '/auth/v1/token?grant_type=refresh_token', {
        body: { refresh_token: session.refresh_token },
      });
      if (renewed.status === 200 && renewed.body?.access_token) {
        session = renewed.body;
        refreshes += 1;
      } else {
        errors[`refresh ${renewed.status}`] = (errors[`refresh ${renewed.status}`] ?? 0) + 1;
      }
    }
    if (performance.now() >= nextReport) {
      nextReport += 60_000;
      const sorted = Float64Array.from(minute.latencies).sort();
      minuteStats.push({
        minute: minuteStats.length + 1,
        requests: minute.requests,
        errors: minute.errors,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        rssKiB: rssKiB(server.pid),
      });
      const m = minuteStats.at(-1);
      say(
        `  ${m.minute} 分: ${integer(m.requests / 60)} req/s、エラー ${m.errors}、p50 ${ms(m.p50)}、p99 ${ms(m.p99)}、RSS ${mib(m.rssKiB)}`,
      );
      minute = { requests: 0, errors: 0, latencies: [] };
    }
    await sleep(5);
  }
  await Promise.all(pending);
  clearInterval(sampler);
  sampleRss();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await pool.close();
  const stop = await stopProduct(server);

  // ── report ──
  const sortedAll = Float64Array.from(all).sort();
  const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
  // V8 gives memory back in large steps, so RSS climbs in saw teeth; a leak shows as a rising
  // floor: the lowest sample of each minute, after the first (start-up: JIT, caches, the pool).
  const floors = [];
  for (const sample of rss) {
    const minuteIndex = Math.floor(sample.seconds / 60);
    if (minuteIndex < 1 || sample.seconds >= Math.floor(loadSeconds / 60) * 60) continue;
    const floor = floors.find((f) => f.minute === minuteIndex);
    if (!floor) floors.push({ minute: minuteIndex, seconds: minuteIndex * 60 + 30, kib: sample.kib });
    else floor.kib = Math.min(floor.kib, sample.kib);
  }
  const memory = {
    afterBootKiB: rssAfterBoot,
    startKiB: rss[0]?.kib ?? null,
    endKiB: rss.at(-1)?.kib ?? null,
    maxKiB: Math.max(...rss.map((p) => p.kib)),
    slopeMiBPerMinute: slopeMiBPerMinute(rss),
    floorSlopeMiBPerMinute: slopeMiBPerMinute(floors),
    floors,
    samples: rss,
  };
  const opRows = ops.map((op) => {
    const stats = byOp.get(op.name);
    const sorted = Float64Array.from(stats.latencies).sort();
    const requests = Object.values(stats.statuses).reduce((sum, n) => sum + n, 0);
    return {
      name: op.name,
      requests,
      errors: requests - stats.latencies.length,
      statuses: stats.statuses,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted.at(-1) : Number.NaN,
    };
  });
  say();
  say(
    `ソーク: ${measured.shownDir}、目標 ${settings.rate} req/s × ${(loadSeconds / 60).toFixed(1)} 分、接続 ${settings.connections} まで、` +
      `顧客 ${integer(known.ids.length)} 人（終了時）、Node ${process.version}、${measured.loadText()}`,
  );
  say();
  say(
    table(
      ['操作', '件数', 'エラー', 'p50', 'p99', '最大'],
      [
        ...opRows.map((r) => [
          r.name,
          integer(r.requests),
          integer(r.errors),
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
        ]),
        [
          '合計',
          integer(sent),
          integer(errorCount),
          ms(percentile(sortedAll, 50)),
          ms(percentile(sortedAll, 99)),
          ms(sortedAll.at(-1)),
        ],
      ],
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  say();
  say(
    `実際のレート: ${(sent / loadSeconds).toFixed(1)} req/s（目標 ${settings.rate}）` +
      `${skipped > 0 ? `、送れなかった ${integer(skipped)} 件（応答待ちが ${settings.maxInFlight} 件を超えた）` : ''}、トークンの更新 ${refreshes} 回`,
  );
  say(
    `エラー: ${
      errorCount === 0
        ? 'なし'
        : Object.entries(errors)
            .map(([status, n]) => `${status} × ${n}`)
            .join('、')
    }`,
  );
  if (firstError) say(`  最初のエラー: ${firstError}`);
  say(
    `サーバーの RSS（${settings.rssEverySeconds} 秒ごと）: 開始 ${mib(memory.startKiB)} → 終了 ${mib(memory.endKiB)}、最大 ${mib(memory.maxKiB)}、` +
      `傾き ${perMinute(memory.slopeMiBPerMinute)}` +
      `、下限（各分の最小値、2 分目から）の傾き ${perMinute(memory.floorSlopeMiBPerMinute)}`,
  );
  say(
    `停止: ${(stop.ms / 1000).toFixed(1)} 秒、${stop.forced ? 'SIGKILL で強制終了' : `終了コード ${stop.code ?? stop.signal}`}`,
  );

  measured.finish(outFile, 'soak', settings, {
    firstStart: { msToHealthy },
    load: {
      seconds: loadSeconds,
      sent,
      skipped,
      rps: sent / loadSeconds,
      errors,
      errorCount,
      firstError,
      tokenRefreshes: refreshes,
      p50: percentile(sortedAll, 50),
      p99: percentile(sortedAll, 99),
      max: sortedAll.at(-1),
    },
    operations: opRows,
    minutes: minuteStats,
    memory,
    stop,
  });
  if (errorCount > 0) process.exitCode = 1;
}

await runScript(main, 'ソーク');
