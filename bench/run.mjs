#!/usr/bin/env node
// pnpm bench: GET /api/customers of the product server against two bare Fastify + pg servers that
// verify the same token: one runs the same SQL (captured from the product server), the other the
// floor (the same page and total in one statement); on a throwaway database of realistic Japanese
// customers, with the round trips to PostgreSQL counted in each server. See bench/README.md.
// The steps live in bench/customers/, in the order main() takes them.
import os from 'node:os';
import { compareAnswers, startBaseline, startFloor } from './customers/bare-servers.mjs';
import { prepareDatabase, seedCustomers, startPostgres } from './customers/database.mjs';
import { customerCases, readOptions, TARGETS } from './customers/options.mjs';
import { writeCustomersResult } from './customers/result.mjs';
import { measureRounds } from './customers/rounds.mjs';
import { captureProductSql, checkReplayedSql, sqlCapture } from './customers/sql.mjs';
import { serverToMeasure, startTsumiki } from './customers/tsumiki.mjs';
import { compareWithIlike } from './lib/customers-ilike.mjs';
import { printCustomersReport } from './lib/customers-report.mjs';
import { caseResults } from './lib/customers-results.mjs';
import { makeRunDir, runScript } from './lib/runtime.mjs';

const { quick, verbose, settings, outFile, detail, timed } = readOptions(process.argv.slice(2), process.env);

async function main() {
  const startedAt = new Date();
  const { dir, shownDir, api, pg } = await serverToMeasure({ quick });

  const runDir = makeRunDir('run');

  // ── 1–3. PostgreSQL, the server's schema and demo seed, then the generated customers ──
  const { cluster, postgresLog, ownerRole } = await startPostgres({ api, pg, runDir, detail });
  const { appUrl, appRole, tenant, user, owner } = await prepareDatabase({ api, pg, cluster, detail });
  const counts = await seedCustomers({ owner, tenant, settings, now: startedAt, timed });

  // ── 4. the product server ──
  const cases = customerCases(settings);
  const { real, secret, baseEnv, claims, headers } = await startTsumiki({
    api,
    dir,
    runDir,
    cluster,
    appUrl,
    user,
    cases,
    detail,
  });

  // ── 5. capture the product server's SQL per request ──
  const capture = sqlCapture({ owner, postgresLog, ownerRole, appRole, cases, headers });
  const { plan, planFile, capturedReport } = await captureProductSql({
    capture,
    real,
    cases,
    headers,
    claims,
    appRole,
    settings,
    runDir,
    verbose,
  });

  // ── 6. the baseline, a check that it sends exactly the same SQL, and the same answers? ──
  const shared = { baseEnv, appUrl, poolSize: settings.poolSize, claims, secret };
  const baseline = await startBaseline({ shared, planFile, detail });
  await checkReplayedSql({ capture, baseline, plan, cases, headers, claims });
  const answers = await compareAnswers({ real, baseline, cases, headers, detail });

  // ── 6b. the floor: the same page and total in one statement ──
  const floor = await startFloor({
    shared,
    plan,
    cases,
    capturedReport,
    answers,
    real,
    headers,
    runDir,
    detail,
  });

  // ── 7. load: warm-up, then A/B/A/B rounds ──
  // The cases put under load (BENCH_CASES); capture and answers above cover all four.
  const measured = cases.filter((c) => settings.cases.includes(c.key));
  const servers = [
    { key: 'tsumiki', label: 'Tsumiki', url: real.url, child: real },
    { key: 'baseline', label: '素の実装', url: baseline.url, child: baseline },
    { key: 'floor', label: '下限（1 文）', url: floor.url, child: floor },
  ];
  const loaded = await measureRounds({ servers, measured, headers, settings, owner, appRole, detail });
  const results = caseResults(measured, servers, loaded.runsOf);
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

  // ── 9. report ──
  const load = { loadBefore: loaded.loadBefore, loadAfter };
  const targets = printCustomersReport({
    results,
    cases,
    servers,
    settings,
    TARGETS,
    ilike,
    hits,
    counts,
    load,
  });
  writeCustomersResult({
    outFile,
    quick,
    startedAt,
    server: { dir, shownDir },
    settings,
    data: {
      tenant: tenant.name,
      customers: counts.customers,
      interactions: counts.interactions,
      searchHits: hits,
    },
    observedPool: loaded.observedPool,
    results,
    answers,
    ilike,
    targets,
    capturedReport,
    failures: loaded.failures + serial.errors,
    load,
  });
}

await runScript(main, 'ベンチマーク');
