// The speed half of pnpm bench:retrieval: the evaluation corpus copied into large PDFs, read,
// chunked and indexed (pages per second), then keyword search and BM25 over those thousands of
// pages (p50 / p95 per query, each in its own tenant transaction).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { percentile } from '../lib/load.mjs';
import { integer, ms } from '../lib/report.mjs';
import { say, step } from '../lib/runtime.mjs';
import { printCopies } from './make-corpus.mjs';

const elapsed = async (work) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

/** Throughput of extraction + chunking + indexing; `addDocument(tx, document, bytes, suffix)` inserts the row. */
export async function measureThroughput({
  api,
  db,
  index,
  runDir,
  corpus,
  settings,
  newTenant,
  addDocument,
}) {
  const pagesPerCopy = corpus.reduce((sum, item) => sum + item.pageCount, 0);
  const filePages = pagesPerCopy * settings.copiesPerFile;
  const totalPages = filePages * settings.files;
  step(
    `索引の速さ: 評価用文書を ${settings.copiesPerFile} 回複製した ${integer(filePages)} ページの PDF を作っています`,
  );
  const bigPdf = readFileSync(printCopies(runDir, settings.copiesPerFile));
  step(
    `索引の速さ: ${integer(totalPages)} ページ（${integer(filePages)} ページの PDF × ${settings.files} 件、読み取りから）`,
  );
  const tenantId = await newTenant('速さの計測');
  let extractMs = 0;
  let indexMs = 0;
  let chunks = 0;
  const started = performance.now();
  for (let file = 0; file < settings.files; file++) {
    const extracted = await elapsed(() => api.extractText(bigPdf, 'pdf'));
    if (extracted.result.pageCount !== filePages) {
      throw new Error(`複製した PDF のページ数が ${extracted.result.pageCount}（期待 ${filePages}）です`);
    }
    const pieces = api.chunkText(extracted.result);
    chunks += pieces.length;
    extractMs += extracted.ms;
    const indexed = await elapsed(() =>
      api.withTenant(db, tenantId, async (tx) => {
        const id = await addDocument(
          tx,
          { slug: 'corpus', title: '評価用文書の複製' },
          bigPdf,
          ` ${file + 1}`,
        );
        await index.replace(tx, { kind: 'knowledge', id }, pieces);
      }),
    );
    indexMs += indexed.ms;
    say(
      `  ${integer((file + 1) * filePages)} ページ（読み取り ${(extracted.ms / 1000).toFixed(1)} 秒、索引 ${(indexed.ms / 1000).toFixed(1)} 秒）`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // A small file's cost is mostly the extraction thread's start: measured on the evaluation PDFs.
  const small = await elapsed(async () => {
    for (const item of corpus) await api.extractText(item.bytes, 'pdf');
  });
  return {
    tenantId,
    throughput: {
      pages: totalPages,
      chunks,
      seconds,
      pagesPerSecond: totalPages / seconds,
      extractPagesPerSecond: totalPages / (extractMs / 1000),
      indexPagesPerSecond: totalPages / (indexMs / 1000),
      smallFileExtractMs: small.ms / corpus.length,
    },
  };
}

/** p50 / p95 of keyword search (search-box words) and BM25 (whole questions) over the large tenant. */
export async function measureLatency({ api, db, index, tenantId, rounds, keywordQueries, questions }) {
  const latencies = { keyword: [], bm25: [] };
  const timed = async (list, work) => list.push((await elapsed(work)).ms);
  for (let round = 0; round < rounds; round++) {
    for (const query of keywordQueries) {
      await timed(latencies.keyword, () =>
        api.withTenant(db, tenantId, (tx) =>
          index.keyword(tx, { kind: 'knowledge', query, skip: 0, limit: 20 }),
        ),
      );
    }
    for (const query of questions) {
      await timed(latencies.bm25, () =>
        api.withTenant(db, tenantId, (tx) => index.retrieve(tx, { kind: 'knowledge', query, limit: 5 })),
      );
    }
  }
  return Object.fromEntries(
    Object.entries(latencies).map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        name,
        {
          count: sorted.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          max: sorted.at(-1),
        },
      ];
    }),
  );
}

/** The speed rows of the report table. */
export function speedRows(throughput, latency) {
  return [
    ['ページ / 断片', `${integer(throughput.pages)} / ${integer(throughput.chunks)}`],
    [
      '全体（読み取り + 分割 + 索引）',
      `${throughput.pagesPerSecond.toFixed(1)} ページ/秒（${throughput.seconds.toFixed(1)} 秒）`,
    ],
    ['PDF の読み取りだけ', `${throughput.extractPagesPerSecond.toFixed(1)} ページ/秒`],
    ['索引への書き込みだけ', `${throughput.indexPagesPerSecond.toFixed(1)} ページ/秒`],
    ['小さな PDF 1 件の読み取り（スレッドの起動込み）', ms(throughput.smallFileExtractMs)],
    [
      `キーワード検索（${latency.keyword.count} 回）`,
      `p50 ${ms(latency.keyword.p50)}、p95 ${ms(latency.keyword.p95)}`,
    ],
    [`BM25 の検索（${latency.bm25.count} 回）`, `p50 ${ms(latency.bm25.p50)}、p95 ${ms(latency.bm25.p95)}`],
  ];
}
