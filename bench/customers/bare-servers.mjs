// The two bare Fastify + pg servers the product is compared with: the baseline replays the
// product's captured SQL, the floor answers the same page and total in one statement. Each must
// give the product's answers, or its figures would measure something else.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { floorStatement, scopedTenant } from '../lib/floor.mjs';
import { integer } from '../lib/report.mjs';
import { say, step } from '../lib/runtime.mjs';
import { getJson, startBareServer } from './children.mjs';

/** The customer ids of a list answer, in its order (null when it is no list). */
const idsOf = (answer) =>
  Array.isArray(answer.body?.customers) ? answer.body.customers.map((x) => x.id) : null;

export async function startBaseline({ shared, planFile, detail }) {
  step('素の実装（Fastify + pg）を起動しています');
  const baseline = await startBareServer('素の実装', 'baseline-server.mjs', 'BASELINE', {
    ...shared,
    planFile,
  });
  detail(`素の実装: ${baseline.url}（PID ${baseline.pid}）`);
  return baseline;
}

/**
 * The answers of the product and the baseline side by side, per case key: the total, the page's
 * size, the bytes of each, and whether both return the same customers (a difference is said,
 * and the run goes on).
 */
export async function compareAnswers({ real, baseline, cases, headers, detail }) {
  const answers = {};
  for (const c of cases) {
    const a = await getJson(`${real.url}${c.path}`, headers);
    const b = await getJson(`${baseline.url}${c.path}`, headers);
    const sameIds = JSON.stringify(idsOf(a)) === JSON.stringify(idsOf(b));
    answers[c.key] = {
      total: a.body?.total ?? null,
      totalCapped: a.body?.total_capped ?? null,
      rows: idsOf(a)?.length ?? null,
      bytes: { tsumiki: a.bytes, baseline: b.bytes },
      sameIds,
    };
    detail(
      `${c.label}: total=${a.body?.total} 行=${idsOf(a)?.length} 応答 ${integer(a.bytes)} B / 素の実装 ${integer(b.bytes)} B、同じ顧客 ID: ${sameIds ? 'はい' : 'いいえ'}`,
    );
    if (!sameIds) say(`  注意: ${c.label} で両者の返す顧客 ID が違います`);
  }
  return answers;
}

/**
 * Derives the floor's one statement per case from the captured plan (kept in the report), starts
 * the floor server and stops the run unless it returns the product's customers and total; adds
 * its bytes and the verdict to `answers`.
 */
export async function startFloor({
  shared,
  plan,
  cases,
  capturedReport,
  answers,
  real,
  headers,
  runDir,
  detail,
}) {
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
  const floor = await startBareServer('下限', 'floor-server.mjs', 'FLOOR', {
    ...shared,
    planFile: floorPlanFile,
  });
  detail(`下限: ${floor.url}（PID ${floor.pid}）`);
  for (const c of cases) {
    const a = await getJson(`${real.url}${c.path}`, headers);
    const f = await getJson(`${floor.url}${c.path}`, headers);
    const same = JSON.stringify(idsOf(a)) === JSON.stringify(idsOf(f)) && a.body?.total === f.body?.total;
    answers[c.key].floorSame = same;
    answers[c.key].bytes.floor = f.bytes;
    if (!same) {
      throw new Error(
        `下限が ${c.path} で Tsumiki と違う答えを返しました（total ${a.body?.total} / ${f.body?.total}、` +
          `ID ${JSON.stringify(idsOf(a))} / ${JSON.stringify(idsOf(f))}）`,
      );
    }
  }
  say('  ✓ 下限は Tsumiki と同じ顧客 ID と total を 1 文で返す');
  return floor;
}
