// The load phase of the customer-list bench: a warm-up per case and server, then rounds in which
// every server takes the same load back to back (A/B/A/B), so that a machine that slows down
// during the run slows all of them alike. Each run also records the server's CPU time and its
// round trips to PostgreSQL.
import os from 'node:os';
import { cpuMs } from '../lib/cpu.mjs';
import { runLoad, summarize } from '../lib/load.mjs';
import { integer, ms } from '../lib/report.mjs';
import { say, step } from '../lib/runtime.mjs';

/**
 * Loads the `measured` cases on every server. Returns the runs per `case:server`, the failed
 * requests, the load average before the phase and the connections each server held to PostgreSQL.
 */
export async function measureRounds({ servers, measured, headers, settings, owner, appRole, detail }) {
  const load = (server, c, seconds) =>
    runLoad({
      origin: server.url,
      path: c.path,
      headers,
      connections: settings.connections,
      seconds,
      maxRequests: settings.maxRequestsPerRun,
    });
  const loadBefore = announce({ servers, measured, settings });
  if (settings.warmupSeconds > 0) {
    for (const c of measured) {
      for (const server of servers) {
        const warm = await load(server, c, settings.warmupSeconds);
        if (warm.errors > 0)
          throw new Error(`${server.label} ${c.path}: ${warm.errors} 件のエラー（${warm.firstError}）`);
      }
    }
  }
  const observedPool = await observePool({ owner, appRole, settings, detail });

  const runsOf = new Map();
  let failures = 0;
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
  return { runsOf, failures, loadBefore, observedPool };
}

/** Says what is about to run and how long it takes, with a warning when the machine is busy already. */
function announce({ servers, measured, settings }) {
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
  return loadBefore;
}

/** The product server's pool, as PostgreSQL sees it right after being loaded with N connections. */
async function observePool({ owner, appRole, settings, detail }) {
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
  return observedPool;
}
