#!/usr/bin/env node
// pnpm bench:retrieval (also run by pnpm bench): retrieval quality of the knowledge base on a
// small Japanese evaluation set (corpus.mjs → documents/*.pdf, questions.mjs): hit@1 and hit@5 of
// keyword search, offline semantic retrieval (BM25 over bigrams) and embedding retrieval, the
// chat's relevance floor on answerable and unanswerable questions, then indexing throughput
// (pages per second through the real extraction and index) and search latency over a few
// thousand pages. Everything runs through the server's own code (its dist) on a throwaway
// embedded PostgreSQL, as the app role under row-level security. See bench/README.md.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile } from '../lib/load.mjs';
import { integer, ms, percent, table } from '../lib/report.mjs';
import {
  atCleanup,
  gitDescribe,
  loadText,
  machine,
  makeRunDir,
  resultFile,
  runScript,
  say,
  step,
  writeResult,
} from '../lib/runtime.mjs';
import {
  buildIsStale,
  buildServerPackage,
  importFromServer,
  importServerApi,
  serverDir,
} from '../lib/server-package.mjs';
import { documents } from './corpus.mjs';
import { printCopies } from './make-corpus.mjs';
import { questions } from './questions.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const env = process.env;

if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench:retrieval [--quick]

  --quick     小さな確認用（索引の速さを 336 ページで測る）

環境変数:
  BENCH_RETRIEVAL_COPIES     速さの計測で評価用文書（28 ページ）を 1 つの PDF に複製する回数（20 = 560 ページ / --quick は 4）
  BENCH_RETRIEVAL_FILES      その PDF を読み取って索引する回数（6 件 = 3,360 ページ / --quick は 3）
  BENCH_SEARCH_ROUNDS        検索の遅延を測るとき質問集を繰り返す回数（5 / 2）
  AI_PROVIDER ほか AI_*      AI_EMBEDDING_MODEL が設定されていれば、その実モデルで埋め込み検索も評価します
                             （未設定ならテスト用の代役サーバーのハッシュ埋め込みで測り、そう表示します）
  BENCH_SERVER_DIR / BENCH_BUILD=0 / BENCH_DATA_DIR / BENCH_KEEP_DATA=1   pnpm bench と同じ
  BENCH_OUT                  結果の JSON（bench/results/retrieval.json、--quick は retrieval.quick.json）
`);
  process.exit(0);
}

const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
const positive = (name, fallback) => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} は 1 以上の整数で指定してください（現在: "${raw}"）`);
  return value;
};
const settings = {
  // Pages for the throughput: the corpus (28 pages) copied into one PDF, read that many times.
  copiesPerFile: positive('BENCH_RETRIEVAL_COPIES', quick ? 4 : 20),
  files: positive('BENCH_RETRIEVAL_FILES', quick ? 3 : 6),
  searchRounds: positive('BENCH_SEARCH_ROUNDS', quick ? 2 : 5),
};
const FLOORS = [0.3, 0.4, 0.5, 0.6, 0.7];

const elapsed = async (work) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

/** hit@1 / hit@5 of ranked (slug, page) pairs against the expected ones. */
function hits(rankings) {
  let first = 0;
  let five = 0;
  for (const { ranked, expected } of rankings) {
    const position = ranked.findIndex(([slug, page]) => slug === expected[0] && page === expected[1]);
    if (position === 0) first++;
    if (position !== -1 && position < 5) five++;
  }
  return { hit1: first / rankings.length, hit5: five / rankings.length, questions: rankings.length };
}

async function main() {
  const dir = serverDir();
  say(
    `Tsumiki ベンチマーク: ナレッジベースの検索（${quick ? 'クイック' : '通常'}）  ${gitDescribe(dir) ?? ''}`,
  );
  if (env.BENCH_BUILD !== '0' && buildIsStale(dir)) buildServerPackage(dir, step);
  const api = await importServerApi(dir);
  const { sql } = await importFromServer(dir, 'kysely');
  for (const name of [
    'startEmbeddedPostgres',
    'bootstrapDatabase',
    'openDatabase',
    'withTenant',
    'createTextIndex',
    'extractText',
    'chunkText',
    'contentCoverage',
    'MIN_COVERAGE',
    'createAiProvider',
    'aiConfigFromEnv',
  ]) {
    if (!(name in api)) throw new Error(`サーバーの公開 API に ${name} がありません（${dir}/src/index.ts）`);
  }

  // ── database ──
  const runDir = makeRunDir('retrieval');
  step('組み込み PostgreSQL を起動し、マイグレーションを適用しています');
  const cluster = await api.startEmbeddedPostgres({ dataDir: runDir, database: 'tsumiki_retrieval' });
  atCleanup(() => cluster.stop());
  const boot = await api.bootstrapDatabase({ ownerUrl: cluster.ownerUrl, demo: true });
  const db = api.openDatabase(boot.appUrl, { max: 4 });
  const owner = api.openDatabase(cluster.ownerUrl, { max: 2 });
  atCleanup(() => Promise.all([db.destroy(), owner.destroy()]));
  const newTenant = async (name) =>
    (
      await owner
        .insertInto('tenants')
        .values({ name, plan: 'standard' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const addDocument = (tx, document, bytes, suffix = '') =>
    tx
      .insertInto('knowledge_documents')
      .values({
        tenant_id: tx.tenantId,
        title: `${document.title}${suffix}`,
        file_name: `${document.slug}.pdf`,
        content_type: 'application/pdf',
        size_bytes: bytes.length,
        sha256: '0'.repeat(64),
        storage_key: `${tx.tenantId}/${'0'.repeat(64)}`,
        status: 'ready',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);

  // ── the evaluation corpus, through the real extraction ──
  step(`評価用の文書 ${documents.length} 件（PDF）を読み取っています`);
  const corpus = [];
  for (const document of documents) {
    const bytes = readFileSync(join(here, 'documents', `${document.slug}.pdf`));
    const text = await api.extractText(bytes, 'pdf');
    if (text.pageCount !== document.pages.length) {
      throw new Error(
        `${document.slug}.pdf のページ数が ${text.pageCount}（期待 ${document.pages.length}）です。make-corpus.mjs で作り直してください`,
      );
    }
    corpus.push({ document, bytes, chunks: api.chunkText(text), pageCount: text.pageCount });
  }
  const pagesPerCopy = corpus.reduce((sum, item) => sum + item.pageCount, 0);

  /** Indexes the corpus into a new tenant; returns the tenant and source id → slug. */
  async function indexCorpus(name, textIndex) {
    const tenantId = await newTenant(name);
    const slugOf = new Map();
    for (const item of corpus) {
      await api.withTenant(db, tenantId, async (tx) => {
        const id = await addDocument(tx, item.document, item.bytes);
        await textIndex.replace(tx, { kind: 'knowledge', id }, item.chunks);
        slugOf.set(id, item.document.slug);
      });
    }
    return { tenantId, slugOf };
  }

  const answerable = questions.filter((question) => question.expected);
  const unanswerable = questions.filter((question) => !question.expected);

  // ── keyword and BM25 ──
  step(`質問 ${answerable.length} 件（答えのない質問 ${unanswerable.length} 件）で評価しています`);
  const offlineIndex = api.createTextIndex({ embeddings: null });
  const offline = await indexCorpus('評価（キーワード・BM25）', offlineIndex);
  const keywordRankings = [];
  const bm25Rankings = [];
  const floorRows = FLOORS.map((floor) => ({ floor, cited: 0, refused: 0 }));
  for (const question of questions) {
    await api.withTenant(db, offline.tenantId, async (tx) => {
      const retrieved = await offlineIndex.retrieve(tx, {
        kind: 'knowledge',
        query: question.question,
        limit: 5,
      });
      if (retrieved.mode !== 'offline') throw new Error(`BM25 のはずが mode=${retrieved.mode} でした`);
      const ranked = retrieved.passages.map((passage) => [
        offline.slugOf.get(passage.sourceId),
        passage.page,
      ]);
      for (const row of floorRows) {
        const kept = retrieved.passages
          .filter((passage) => api.contentCoverage(question.question, passage.text) >= row.floor)
          .map((passage) => [offline.slugOf.get(passage.sourceId), passage.page]);
        if (question.expected) {
          if (kept.some(([slug, page]) => slug === question.expected[0] && page === question.expected[1]))
            row.cited++;
        } else if (kept.length === 0) {
          row.refused++;
        }
      }
      if (!question.expected) return;
      bm25Rankings.push({ ranked, expected: question.expected });
      const found = await offlineIndex.keyword(tx, {
        kind: 'knowledge',
        query: question.keywords,
        skip: 0,
        limit: 5,
      });
      keywordRankings.push({
        ranked: found.hits.map((hit) => [offline.slugOf.get(hit.sourceId), hit.page]),
        expected: question.expected,
      });
    });
  }

  // ── embeddings: the configured model, else the stand-in's hashing (not a model) ──
  const configured = env.AI_EMBEDDING_MODEL?.trim();
  let standIn = null;
  let aiConfig;
  if (configured) {
    aiConfig = api.aiConfigFromEnv(env);
  } else {
    const { startOpenAiStandIn } = await import(
      pathToFileURL(join(dir, 'test', 'support', 'openai-stand-in.ts')).href
    );
    standIn = await startOpenAiStandIn();
    atCleanup(() => standIn.close());
    aiConfig = api.aiConfigFromEnv({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: standIn.baseUrl,
      AI_API_KEY: 'bench',
      AI_CHAT_MODEL: 'stand-in',
      AI_EMBEDDING_MODEL: 'stand-in-hashing',
    });
  }
  const embeddingLabel = configured
    ? `埋め込み（${configured}）`
    : '埋め込み（代役: バイグラムのハッシュ、実モデルではない）';
  step(`${embeddingLabel}で評価しています`);
  const embeddings = api.createAiProvider(aiConfig).embeddings;
  const vectorIndex = api.createTextIndex({ embeddings });
  const vectors = await indexCorpus('評価（埋め込み）', vectorIndex);
  const vectorRankings = [];
  for (const question of answerable) {
    await api.withTenant(db, vectors.tenantId, async (tx) => {
      const retrieved = await vectorIndex.retrieve(tx, {
        kind: 'knowledge',
        query: question.question,
        limit: 5,
      });
      if (retrieved.mode !== 'openai') throw new Error('埋め込みで検索できませんでした（mode=offline）');
      vectorRankings.push({
        ranked: retrieved.passages.map((passage) => [vectors.slugOf.get(passage.sourceId), passage.page]),
        expected: question.expected,
      });
    });
  }

  const quality = {
    keyword: hits(keywordRankings),
    bm25: hits(bm25Rankings),
    embeddings: {
      ...hits(vectorRankings),
      model: configured ?? 'stand-in-hashing',
      real: Boolean(configured),
    },
  };

  // ── throughput: the corpus replicated into large PDFs, through extraction + chunking + index ──
  const copiesPerFile = settings.copiesPerFile;
  const filePages = pagesPerCopy * copiesPerFile;
  const totalPages = filePages * settings.files;
  step(
    `索引の速さ: 評価用文書を ${copiesPerFile} 回複製した ${integer(filePages)} ページの PDF を作っています`,
  );
  const bigPdf = readFileSync(printCopies(runDir, copiesPerFile));
  step(
    `索引の速さ: ${integer(totalPages)} ページ（${integer(filePages)} ページの PDF × ${settings.files} 件、読み取りから）`,
  );
  const bulkTenant = await newTenant('速さの計測');
  let extractMs = 0;
  let indexMs = 0;
  let chunks = 0;
  const throughputStart = performance.now();
  for (let file = 0; file < settings.files; file++) {
    const extracted = await elapsed(() => api.extractText(bigPdf, 'pdf'));
    if (extracted.result.pageCount !== filePages) {
      throw new Error(`複製した PDF のページ数が ${extracted.result.pageCount}（期待 ${filePages}）です`);
    }
    const pieces = api.chunkText(extracted.result);
    chunks += pieces.length;
    extractMs += extracted.ms;
    const indexed = await elapsed(() =>
      api.withTenant(db, bulkTenant, async (tx) => {
        const id = await addDocument(
          tx,
          { slug: 'corpus', title: '評価用文書の複製' },
          bigPdf,
          ` ${file + 1}`,
        );
        await offlineIndex.replace(tx, { kind: 'knowledge', id }, pieces);
      }),
    );
    indexMs += indexed.ms;
    say(
      `  ${integer((file + 1) * filePages)} ページ（読み取り ${(extracted.ms / 1000).toFixed(1)} 秒、索引 ${(indexed.ms / 1000).toFixed(1)} 秒）`,
    );
  }
  const throughputSeconds = (performance.now() - throughputStart) / 1000;
  // A small file's cost is mostly the extraction thread's start: measured on the evaluation PDFs.
  const small = await elapsed(async () => {
    for (const item of corpus) await api.extractText(item.bytes, 'pdf');
  });
  const throughput = {
    pages: totalPages,
    chunks,
    seconds: throughputSeconds,
    pagesPerSecond: totalPages / throughputSeconds,
    extractPagesPerSecond: totalPages / (extractMs / 1000),
    indexPagesPerSecond: totalPages / (indexMs / 1000),
    smallFileExtractMs: small.ms / corpus.length,
  };

  // ── search latency over that corpus ──
  step(`検索の遅延: ${integer(totalPages)} ページの上で質問集を ${settings.searchRounds} 回`);
  await sql`analyze text_chunks, text_chunk_terms, text_index_stats`.execute(owner);
  const latencies = { keyword: [], bm25: [] };
  for (let round = 0; round < settings.searchRounds; round++) {
    for (const question of answerable) {
      latencies.keyword.push(
        (
          await elapsed(() =>
            api.withTenant(db, bulkTenant, (tx) =>
              offlineIndex.keyword(tx, { kind: 'knowledge', query: question.keywords, skip: 0, limit: 20 }),
            ),
          )
        ).ms,
      );
      latencies.bm25.push(
        (
          await elapsed(() =>
            api.withTenant(db, bulkTenant, (tx) =>
              offlineIndex.retrieve(tx, { kind: 'knowledge', query: question.question, limit: 5 }),
            ),
          )
        ).ms,
      );
    }
  }
  const latency = Object.fromEntries(
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

  // ── report ──
  say('');
  say(
    `評価: 質問 ${answerable.length} 件（答えのページが決まっているもの）、文書 ${documents.length} 件・${pagesPerCopy} ページ`,
  );
  say(
    table(
      ['方式', 'hit@1', 'hit@5'],
      [
        [
          'キーワード（検索語で AND、文書ごとに最良の断片）',
          percent(quality.keyword.hit1),
          percent(quality.keyword.hit5),
        ],
        ['オフラインの意味検索（バイグラム BM25）', percent(quality.bm25.hit1), percent(quality.bm25.hit5)],
        [embeddingLabel, percent(quality.embeddings.hit1), percent(quality.embeddings.hit5)],
      ],
      ['l', 'r', 'r'],
    ),
  );
  say('');
  say(`チャットの関連性の下限（質問の内容バイグラムを含む割合）: 採用値 ${api.MIN_COVERAGE}`);
  say(
    table(
      [
        '下限',
        `正しいページを引用（/${answerable.length}）`,
        `答えなしと正しく回答（/${unanswerable.length}）`,
      ],
      floorRows.map((row) => [
        `${row.floor}${row.floor === api.MIN_COVERAGE ? ' ←' : ''}`,
        `${row.cited}（${percent(row.cited / answerable.length)}）`,
        `${row.refused}（${percent(row.refused / unanswerable.length)}）`,
      ]),
      ['l', 'r', 'r'],
    ),
  );
  say('');
  say(`索引の速さ（${loadText()}）`);
  say(
    table(
      ['項目', '値'],
      [
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
        [
          `BM25 の検索（${latency.bm25.count} 回）`,
          `p50 ${ms(latency.bm25.p50)}、p95 ${ms(latency.bm25.p95)}`,
        ],
      ],
      ['l', 'r'],
    ),
  );

  const outFile = resultFile(quick ? 'retrieval.quick.json' : 'retrieval.json');
  writeResult(outFile, {
    bench: 'retrieval',
    quick,
    at: new Date().toISOString(),
    server: gitDescribe(dir),
    machine: machine(),
    settings,
    corpus: {
      documents: documents.length,
      pages: pagesPerCopy,
      answerable: answerable.length,
      unanswerable: unanswerable.length,
    },
    quality,
    relevanceFloor: { chosen: api.MIN_COVERAGE, rows: floorRows },
    throughput,
    latency,
  });
  say(`\n結果: ${outFile}`);
}

await runScript(main, '検索のベンチマーク');
