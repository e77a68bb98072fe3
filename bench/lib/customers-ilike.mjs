import { performance } from 'node:perf_hooks';
import { percentile, runSerial } from './load.mjs';
import { atCleanup, say, step } from './runtime.mjs';

const ILIKE_FIELDS = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'company_name',
  'company_name_kana',
  'email',
  'phone',
];

/**
 * The 2-character search, one connection at a time: Tsumiki and the same-SQL baseline over HTTP
 * against an unindexed `ILIKE '%term%'` over the same columns (SQL only, as the app role under
 * row-level security). Returns the medians, the factor and the errors of the serial runs.
 */
export async function compareWithIlike({
  pg,
  appUrl,
  appRole,
  tenantId,
  real,
  baseline,
  searchCase,
  headers,
  settings,
  serverTotal,
  verbose,
}) {
  const term = settings.searchTerm;
  step(
    `2 文字検索「${term}」と索引なしの ILIKE '%${term}%' を 1 接続で比べています（${settings.ilikeReps} 回）`,
  );
  await runSerial({ origin: real.url, path: searchCase.path, headers, count: 2 });
  const oursSerial = await runSerial({
    origin: real.url,
    path: searchCase.path,
    headers,
    count: settings.ilikeReps,
  });
  await runSerial({ origin: baseline.url, path: searchCase.path, headers, count: 2 });
  const baselineSerial = await runSerial({
    origin: baseline.url,
    path: searchCase.path,
    headers,
    count: settings.ilikeReps,
  });
  const ilikeWhere = `tenant_id = $1 and (${ILIKE_FIELDS.map((f) => `${f} ilike $2`).join(' or ')})`;
  const ilikeStatements = [
    `select count(*) as total from customers where ${ilikeWhere}`,
    `select * from customers where ${ilikeWhere} order by created_at desc, id desc limit 20`,
  ];
  const app = new pg.Client({ connectionString: appUrl, application_name: 'tsumiki-bench-ilike' });
  await app.connect();
  atCleanup(() => app.end());
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const ilikeOnce = async () => {
    const started = performance.now();
    await app.query('begin');
    await app.query("select set_config('app.tenant_id', $1, true)", [tenantId]);
    const { rows } = await app.query(ilikeStatements[0], [tenantId, pattern]);
    await app.query(ilikeStatements[1], [tenantId, pattern]);
    await app.query('commit');
    return { ms: performance.now() - started, hits: Number(rows[0].total) };
  };
  await ilikeOnce();
  const ilikeRuns = [];
  for (let i = 0; i < settings.ilikeReps; i += 1) ilikeRuns.push(await ilikeOnce());
  const hits = ilikeRuns[0].hits;
  if (verbose) {
    await app.query('begin');
    await app.query("select set_config('app.tenant_id', $1, true)", [tenantId]);
    const { rows } = await app.query(`explain (analyze, costs off) ${ilikeStatements[0]}`, [
      tenantId,
      pattern,
    ]);
    await app.query('commit');
    say(`  ILIKE の実行計画（${appRole}、行レベルセキュリティ下）:`);
    for (const row of rows) say(`    ${row['QUERY PLAN']}`);
  }
  const sortedIlike = Float64Array.from(ilikeRuns.map((r) => r.ms)).sort();
  const sortedOurs = Float64Array.from(oursSerial.latencies).sort();
  const sortedBaselineSerial = Float64Array.from(baselineSerial.latencies).sort();
  const ilike = {
    term,
    pattern,
    repetitions: settings.ilikeReps,
    hits,
    serverTotal,
    statements: ['begin', "select set_config('app.tenant_id', $1, true)", ...ilikeStatements, 'commit'],
    ilikeMedianMs: percentile(sortedIlike, 50),
    ilikeP95Ms: percentile(sortedIlike, 95),
    tsumikiSerialMedianMs: percentile(sortedOurs, 50),
    tsumikiSerialP95Ms: percentile(sortedOurs, 95),
    baselineSerialMedianMs: percentile(sortedBaselineSerial, 50),
  };
  ilike.factor = ilike.ilikeMedianMs / ilike.tsumikiSerialMedianMs;
  return { ilike, hits, errors: oursSerial.errors + baselineSerial.errors };
}
