// The load generator: a small, bounded loop over undici on loopback. `connections` workers, each
// with its own keep-alive connection, send the next request as soon as the previous answer has
// been read in full (closed loop, no pipelining). Bounded in time and in count.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export function summarize(latencies, seconds, errors = 0, bytes = 0) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: sorted.length,
    errors,
    seconds,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    bytesPerResponse: sorted.length ? bytes / sorted.length : 0,
  };
}

/**
 * Runs `connections` closed-loop clients against origin+path for `seconds` (at most
 * `maxRequests` requests). Returns every latency in milliseconds, the error count (non-200 or
 * transport errors) and the first error seen.
 */
export async function runLoad({ origin, path, headers, connections, seconds, maxRequests = 1_000_000 }) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const latencies = [];
  let errors = 0;
  let firstError = null;
  let bytes = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequests) {
      sent += 1;
      const t0 = performance.now();
      try {
        const response = await pool.request({ path, method: 'GET', headers });
        const body = await response.body.arrayBuffer();
        const t1 = performance.now();
        bytes += body.byteLength;
        if (response.statusCode === 200) latencies.push(t1 - t0);
        else {
          errors += 1;
          firstError ??= `HTTP ${response.statusCode}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`;
        }
      } catch (error) {
        errors += 1;
        firstError ??= String(error?.message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { latencies, errors, firstError, bytes, seconds: elapsed };
}

/** `count` requests one after the other on one connection: latency without queueing. */
export async function runSerial({ origin, path, headers, count }) {
  const result = await runLoad({ origin, path, headers, connections: 1, seconds: 3600, maxRequests: count });
  return result;
}
