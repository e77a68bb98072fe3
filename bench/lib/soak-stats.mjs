// What the soak counts and prints, the same for both of its modes: every answer by operation and
// status, latency percentiles overall and per operation, errors by status with the first one seen,
// and a running interval for the progress lines. Latencies are of 2xx answers only (an error's
// time says nothing about the operation); errors are anything else, 0 meaning no answer at all.
import { performance } from 'node:perf_hooks';
import { percentile } from './load.mjs';
import { integer, ms, table } from './report.mjs';
import { say } from './runtime.mjs';

const sortedOf = (values) => Float64Array.from(values).sort();

/** p50 / p95 / p99 / max of a list of milliseconds (NaN when empty). */
export function spread(values) {
  const sorted = sortedOf(values);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted.at(-1) : Number.NaN,
  };
}

/** A tally over `ops` (the operations this mode sends), in their order. */
export function soakStats(ops) {
  const byOp = new Map(ops.map((op) => [op.name, { latencies: [], statuses: {} }]));
  const all = [];
  const errors = {};
  let firstError = null;
  let interval = { started: performance.now(), requests: 0, errors: 0, latencies: [] };

  const countError = (key, what) => {
    errors[key] = (errors[key] ?? 0) + 1;
    interval.errors += 1;
    firstError ??= what;
  };

  return {
    /** One answer of `op`; returns whether it was a success (2xx). */
    record(op, request, answer) {
      const stats = byOp.get(op.name);
      const key = answer.status === 0 ? `0 ${answer.error}` : String(answer.status);
      stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
      interval.requests += 1;
      if (answer.status >= 200 && answer.status < 300) {
        stats.latencies.push(answer.ms);
        all.push(answer.ms);
        interval.latencies.push(answer.ms);
        return true;
      }
      countError(key, `${op.name} ${request.method} ${request.path}: ${key} ${answer.text.slice(0, 300)}`);
      return false;
    },

    /** A failure outside the measured operations (a token refresh), counted as an error. */
    countError,

    /** Answers since the last takeInterval(). */
    intervalRequests: () => interval.requests,

    /** The progress since the last call: requests, req/s, errors, p50/p99. */
    takeInterval() {
      const seconds = (performance.now() - interval.started) / 1000;
      const { p50, p99 } = spread(interval.latencies);
      const taken = {
        requests: interval.requests,
        rps: interval.requests / seconds,
        errors: interval.errors,
        p50,
        p99,
      };
      interval = { started: performance.now(), requests: 0, errors: 0, latencies: [] };
      return taken;
    },

    /** Everything, for the table and the JSON. */
    summary(seconds) {
      const operations = ops.map((op) => {
        const stats = byOp.get(op.name);
        const requests = Object.values(stats.statuses).reduce((sum, n) => sum + n, 0);
        return {
          name: op.name,
          weight: op.weight,
          requests,
          errors: requests - stats.latencies.length,
          statuses: stats.statuses,
          ...spread(stats.latencies),
        };
      });
      const requests = operations.reduce((sum, op) => sum + op.requests, 0);
      const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
      return {
        seconds,
        requests,
        rps: requests / seconds,
        errorCount,
        errors,
        firstError,
        ...spread(all),
        operations,
      };
    },
  };
}

/** The table (one row per operation, then the total) and the errors line. */
export function printStats(summary) {
  const row = (name, r, requests, errors) => [
    name,
    integer(requests),
    integer(errors),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    ms(r.max),
  ];
  say(
    table(
      ['操作', '件数', 'エラー', 'p50', 'p95', 'p99', '最大'],
      [
        ...summary.operations.map((r) => row(r.name, r, r.requests, r.errors)),
        row('合計', summary, summary.requests, summary.errorCount),
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  say();
  const byStatus = Object.entries(summary.errors)
    .map(([status, n]) => `${status} × ${integer(n)}`)
    .join('、');
  say(`エラー: ${summary.errorCount === 0 ? 'なし' : byStatus}`);
  if (summary.firstError) say(`  最初のエラー: ${summary.firstError}`);
}

/** One progress line: the interval's rate, errors, p50/p99 and the server's RSS. */
export const progressLine = (label, taken, rssText) =>
  `  ${label}: ${integer(taken.rps)} req/s、エラー ${taken.errors}、p50 ${ms(taken.p50)}、p99 ${ms(taken.p99)}、RSS ${rssText}`;
