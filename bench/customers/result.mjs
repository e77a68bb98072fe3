// The customer-list bench's result file (bench/results/customers-list.json, or BENCH_OUT): what was
// measured, on what, with which settings, and everything the report printed, for later comparison.
import os from 'node:os';
import { elapsedText, gitDescribe, say, writeResult } from '../lib/runtime.mjs';

/** Writes the result, says where it went, and makes the exit code 1 if any request failed. */
export function writeCustomersResult({
  outFile,
  quick,
  startedAt,
  server,
  settings,
  data,
  observedPool,
  results,
  answers,
  ilike,
  targets,
  capturedReport,
  failures,
  load,
}) {
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
      loadAverage: { before: load.loadBefore, after: load.loadAfter },
    },
    server: { dir: server.shownDir, git: gitDescribe(server.dir) },
    settings,
    data,
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
