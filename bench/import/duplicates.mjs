// The import bench's case 'duplicates': 重複の候補 (GET /api/customers/duplicates?limit=20, the
// screen's first page with the total) on a tenant grown by CSV imports to 30,000 and then 100,000
// customers, as a clinic moving in from its old system would. The files are the plain case's
// realistic customers (names and readings with their real frequencies, birth dates over 70 years)
// with e-mail addresses of their own (the generator's would pair namesakes by the same address)
// and one planted likely duplicate in PAIR_EVERY rows: the same reading and birth date under other
// kanji, the same phone, the same e-mail in capitals, the reading one letter apart with the same
// birth date, in turn. Once each import is done and `settleSeconds` have passed (by default long
// enough for autovacuum to analyse the table: the list as a clinic sees it from then on; 0 measures
// the screen opened at once, on the statistics of before the import): the first request, then
// REQUESTS more, their median and fastest, and the pairs the list counts.
import { performance } from 'node:perf_hooks';
import { call, connect, signIn } from '../lib/http.mjs';
import { stopProduct } from '../lib/product.mjs';
import { loadText, machine, say, step } from '../lib/runtime.mjs';
import { customerRows, plantDuplicates } from './data.mjs';
import { startImport } from './upload.mjs';

/** One planted pair in this many rows: 150 in 30,000 rows, 500 in 100,000. */
export const PAIR_EVERY = 200;
/** Seconds between an import's end and the first request by default (autovacuum's naptime is 60). */
export const SETTLE_SECONDS = 70;
/** Requests after the first, per size. */
const REQUESTS = 6;
const PATH = '/api/customers/duplicates?limit=20';
const EMAIL = 8;

/** The rows of one file: realistic customers, addresses of their own, planted pairs. */
export function tenantRows(count, seed) {
  const rows = customerRows(count, seed).map((cells, index) => {
    const email = cells[EMAIL];
    if (!email) return cells;
    const at = email.indexOf('@');
    const copy = [...cells];
    copy[EMAIL] = `${email.slice(0, at)}.${seed % 1000}.${index}${email.slice(at)}`;
    return copy;
  });
  return plantDuplicates(rows, seed, { every: PAIR_EVERY }).rows;
}

async function importFile(pool, token, name, bytes) {
  const { id } = await startImport(pool, token, name, bytes);
  for (;;) {
    const polled = await call(pool, 'GET', `/api/customers/imports/${id}`, { token });
    if (polled.status !== 200)
      throw new Error(`進み具合を読めませんでした（${polled.status}）: ${polled.text.slice(0, 300)}`);
    const job = polled.body;
    if (!['queued', 'running'].includes(job.status)) {
      if (job.status !== 'done')
        throw new Error(`取り込みが ${job.status} で終わりました: ${job.error ?? ''}`);
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function timedList(pool, token) {
  const started = performance.now();
  const answer = await call(pool, 'GET', PATH, { token });
  const ms = performance.now() - started;
  if (answer.status !== 200)
    throw new Error(`${PATH} が ${answer.status} を返しました: ${answer.error ?? answer.text.slice(0, 300)}`);
  return { ms, total: answer.body.total };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * On one fresh installation, for each tenant size in turn (ascending): imports the rows up to that
 * size (`fileOf(count, seed)` answers the file's bytes), then times the list. The demo tenant's
 * own customers stay (a few dozen).
 */
export async function duplicatesOnTenant({ installation, product, sizes, fileOf, settleSeconds }) {
  const { server } = await installation.startFirst();
  const pool = connect(installation.origin, { timeoutMs: 600_000 });
  const results = [];
  try {
    const { DEMO_USERS, DEMO_PASSWORD } = product.api;
    const { access_token: token } = await signIn(pool, DEMO_USERS.sakuraAdmin.email, DEMO_PASSWORD);
    let imported = 0;
    for (const size of sizes) {
      step(`顧客を ${size.toLocaleString('ja-JP')} 件まで取り込んでいます`);
      const job = await importFile(pool, token, `顧客_${size}.csv`, fileOf(size - imported, 20261128 + size));
      imported = size;
      if (settleSeconds > 0) step(`${settleSeconds} 秒待ってから測ります（autovacuum の統計の更新）`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, settleSeconds) * 1000));
      const first = await timedList(pool, token);
      const repeated = [];
      for (let i = 0; i < REQUESTS; i += 1) repeated.push((await timedList(pool, token)).ms);
      const result = {
        size,
        settleSeconds,
        importedRows: job.imported_rows,
        total: first.total,
        firstMs: first.ms,
        medianMs: median(repeated),
        fastestMs: Math.min(...repeated),
        loadAverage: machine().loadAverage1m,
      };
      say(
        `  ${size.toLocaleString('ja-JP')} 件: 候補 ${result.total} 組、最初の表示 ${Math.round(result.firstMs).toLocaleString('ja-JP')} ms、続く ${REQUESTS} 回の中央値 ${Math.round(result.medianMs).toLocaleString('ja-JP')} ms（最速 ${Math.round(result.fastestMs).toLocaleString('ja-JP')} ms）、${loadText()}`,
      );
      results.push(result);
    }
  } finally {
    await pool.close();
    await stopProduct(server);
  }
  return results;
}
