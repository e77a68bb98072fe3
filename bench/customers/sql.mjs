// What the product server sends to PostgreSQL for each case, read back from the statement log
// between two marker statements, made into the plan that the same-SQL baseline replays; and the
// check that the baseline then sends exactly that.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  describeUnits,
  markerSql,
  mostCommon,
  statementsBetween,
  templateUnits,
  unitsOf,
} from '../lib/capture.mjs';
import { say, step } from '../lib/runtime.mjs';
import { getJson } from './children.mjs';

/**
 * A capture: `capture(origin, labelPrefix, repeats)` requests each case `repeats` times with the
 * statement log on, each request between markers sent as the owner, and returns, per case key,
 * the app role's statements of each request.
 */
export function sqlCapture({ owner, postgresLog, ownerRole, appRole, cases, headers }) {
  return async (origin, labelPrefix, repeats) => {
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
}

/**
 * Captures the product server's statements for every case (settings.captureRepeats times, the
 * most common sequence wins) and writes them as the baseline's plan. Returns the plan, its file
 * and what the report says about each case.
 */
export async function captureProductSql({
  capture,
  real,
  cases,
  headers,
  claims,
  appRole,
  settings,
  runDir,
  verbose,
}) {
  step('Tsumiki が実行する SQL を PostgreSQL のログから取り込んでいます');
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
  return { plan, planFile, capturedReport };
}

/** Captures the baseline once per case and stops the run unless it sent the plan's SQL exactly. */
export async function checkReplayedSql({ capture, baseline, plan, cases, headers, claims }) {
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
}
