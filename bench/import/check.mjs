// The import bench's case with the check for duplicates (check_duplicates=true): the file of the
// plain case with planted likely duplicates (data.mjs), uploaded, read by the check (status
// 'scanning' until 'awaiting_choice'), the found rows counted, 「重複候補の行は取り込まない」
// chosen, imported to the end, and the error report read back to see that every planted row was
// found and skipped.
import { performance } from 'node:perf_hooks';
import { call } from '../lib/http.mjs';

/** One planted row in this many: 100 in a 100,000-row file. */
export const PLANT_EVERY = 1000;

async function pollUntil(pool, token, id, statuses) {
  for (;;) {
    const polled = await call(pool, 'GET', `/api/customers/imports/${id}`, { token });
    if (polled.status !== 200)
      throw new Error(`進み具合を読めませんでした（${polled.status}）: ${polled.text.slice(0, 300)}`);
    if (!statuses.includes(polled.body.status)) return polled.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Customers of the demo tenant with a phone (the file copies some of their numbers). */
export async function registeredPhones(pool, token) {
  const listed = await call(pool, 'GET', '/api/customers?limit=100', { token });
  if (listed.status !== 200) throw new Error(`顧客を読めませんでした（${listed.status}）`);
  return listed.body.customers.filter((customer) => customer.phone).map(({ phone }) => ({ phone }));
}

/**
 * Upload (`start` sends the multipart request and answers the job) to done through the check:
 * the seconds to the choice (the scan) and in all, the rows found, and the planted rows among the
 * report's skipped rows.
 */
export async function importWithCheck(pool, token, start, planted) {
  const started = performance.now();
  const { id } = await start();
  const waiting = await pollUntil(pool, token, id, ['scanning']);
  const scanSeconds = (performance.now() - started) / 1000;
  if (waiting.status !== 'awaiting_choice')
    throw new Error(`確認のあとの状態が ${waiting.status} でした: ${waiting.error ?? ''}`);
  const chosen = await call(pool, 'POST', `/api/customers/imports/${id}/start`, {
    token,
    body: { duplicates: 'skip' },
  });
  if (chosen.status !== 200) throw new Error(`取り込みを始められませんでした（${chosen.status}）`);
  const job = await pollUntil(pool, token, id, ['queued', 'running']);
  const seconds = (performance.now() - started) / 1000;
  const report = await call(pool, 'GET', `/api/customers/imports/${id}/errors.csv`, { token });
  const skippedRows = new Set(
    String(report.text)
      .split(/\r?\n/u)
      .filter((line) => line.includes('重複の可能性があるため'))
      .map((line) => Number(line.split(',')[0])),
  );
  return {
    job,
    seconds,
    scanSeconds,
    found: waiting.duplicate_rows,
    planted: planted.length,
    plantedFound: planted.filter((row) => skippedRows.has(row)).length,
  };
}
