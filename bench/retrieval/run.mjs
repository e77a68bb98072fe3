#!/usr/bin/env node
// pnpm bench:retrieval (also run by pnpm bench): retrieval quality of the knowledge base on a
// small Japanese evaluation set — short questions, the screens' own example questions and long
// natural ones, each set with questions the documents do not answer (corpus.mjs, questions*.mjs):
// hit@1 and hit@5 of keyword search, offline semantic retrieval (BM25 over bigrams) and embedding
// retrieval, and what the legal check would answer (cite the page, or say nothing was found) at
// each relevance floor; then indexing throughput and search latency over a few thousand pages.
// Everything runs through the server's own code (its dist) on a throwaway embedded PostgreSQL, as
// the app role under row-level security; the PDFs are printed by Chromium on every run.
// See bench/retrieval/README.md.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { table } from '../lib/report.mjs';
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
import { printDocument } from './make-corpus.mjs';
import { evaluateOffline, evaluateVectors, questionSets } from './quality.mjs';
import { reportQuality } from './quality-report.mjs';
import { measureLatency, measureThroughput, speedRows } from './speed.mjs';

const argv = process.argv.slice(2);
const env = process.env;

if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench:retrieval [--quick] [--quality] [--verbose]

  --quick     小さな確認用（索引の速さを約 400 ページで測る）
  --quality   質の評価だけ（索引の速さと検索の遅延を測らない。約 1 分）
  --verbose   期待どおりでなかった質問の上位 5 件と被覆率も表示

環境変数:
  BENCH_RETRIEVAL_COPIES     速さの計測で評価用文書を 1 つの PDF に複製する回数（20 / --quick は 4）
  BENCH_RETRIEVAL_FILES      その PDF を読み取って索引する回数（6 / --quick は 3）
  BENCH_SEARCH_ROUNDS        検索の遅延を測るとき質問集を繰り返す回数（5 / 2）
  AI_PROVIDER ほか AI_*      AI_EMBEDDING_MODEL が設定されていれば、その実モデルで埋め込み検索も評価します
                             （未設定ならテスト用の代役サーバーのハッシュ埋め込みで測り、そう表示します）
  BENCH_SERVER_DIR / BENCH_BUILD=0 / BENCH_DATA_DIR / BENCH_KEEP_DATA=1   pnpm bench と同じ
  BENCH_OUT                  結果の JSON（bench/results/retrieval.json、--quick は retrieval.quick.json、
                             --quality は retrieval.quality.json）
`);
  process.exit(0);
}

const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
const qualityOnly = argv.includes('--quality');
const verbose = argv.includes('--verbose');
const positive = (name, fallback) => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} は 1 以上の整数で指定してください（現在: "${raw}"）`);
  return value;
};
const settings = {
  // Pages for the throughput: the corpus copied into one PDF, read that many times.
  copiesPerFile: positive('BENCH_RETRIEVAL_COPIES', quick ? 4 : 20),
  files: positive('BENCH_RETRIEVAL_FILES', quick ? 3 : 6),
  searchRounds: positive('BENCH_SEARCH_ROUNDS', quick ? 2 : 5),
};

async function main() {
  const dir = serverDir();
  say(
    `Tsumiki ベンチマーク: ナレッジベースの検索（${qualityOnly ? '質だけ' : quick ? 'クイック' : '通常'}）  ${gitDescribe(dir) ?? ''}`,
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

  // ── the evaluation corpus: printed by Chromium, read through the real extraction ──
  step(`評価用の文書 ${documents.length} 件を PDF に印刷し、読み取っています`);
  const printed = join(runDir, 'documents');
  mkdirSync(printed, { recursive: true });
  const corpus = [];
  for (const document of documents) {
    const bytes = readFileSync(printDocument(document, printed));
    const text = await api.extractText(bytes, 'pdf');
    if (text.pageCount !== document.pages.length) {
      throw new Error(
        `${document.slug}.pdf のページ数が ${text.pageCount}（期待 ${document.pages.length}）です。corpus.mjs の 1 ページが長すぎないか確かめてください`,
      );
    }
    corpus.push({ document, bytes, chunks: api.chunkText(text), pageCount: text.pageCount });
  }
  const pages = corpus.reduce((sum, item) => sum + item.pageCount, 0);

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

  // ── quality: keyword, BM25 and the legal check's decision ──
  const sets = questionSets();
  const count = (key) => sets.reduce((sum, set) => sum + set[key].length, 0);
  step(`質問 ${count('answerable')} 件（答えのない質問 ${count('absent')} 件）で評価しています`);
  const offlineIndex = api.createTextIndex({ embeddings: null });
  const offlineCorpus = await indexCorpus('評価（キーワード・BM25）', offlineIndex);
  const offline = await evaluateOffline({ api, db, index: offlineIndex, corpus: offlineCorpus, sets });

  // ── embeddings: the configured model, else the stand-in's hashing (not a model) ──
  const configured = env.AI_EMBEDDING_MODEL?.trim();
  let aiConfig;
  if (configured) {
    aiConfig = api.aiConfigFromEnv(env);
  } else {
    const { startOpenAiStandIn } = await import(
      pathToFileURL(join(dir, 'test', 'support', 'openai-stand-in.ts')).href
    );
    const standIn = await startOpenAiStandIn();
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
  const vectorIndex = api.createTextIndex({ embeddings: api.createAiProvider(aiConfig).embeddings });
  const vectorCorpus = await indexCorpus('評価（埋め込み）', vectorIndex);
  const vectors = await evaluateVectors({ api, db, index: vectorIndex, corpus: vectorCorpus, sets });

  // ── speed: throughput over copies of the corpus, then search latency over them ──
  let speed = null;
  if (!qualityOnly) {
    const { tenantId, throughput } = await measureThroughput({
      api,
      db,
      index: offlineIndex,
      runDir,
      corpus,
      settings,
      newTenant,
      addDocument,
    });
    step(
      `検索の遅延: ${throughput.pages.toLocaleString('ja-JP')} ページの上で質問集を ${settings.searchRounds} 回`,
    );
    await sql`analyze text_chunks, text_chunk_terms, text_index_stats`.execute(owner);
    const latency = await measureLatency({
      api,
      db,
      index: offlineIndex,
      tenantId,
      rounds: settings.searchRounds,
      keywordQueries: sets.flatMap((set) => set.answerable.flatMap((q) => (q.keywords ? [q.keywords] : []))),
      questions: sets.flatMap((set) => set.answerable.map((q) => q.question)),
    });
    speed = { throughput, latency };
  }

  // ── report ──
  reportQuality({
    offline,
    vectors,
    embeddingLabel,
    minCoverage: api.MIN_COVERAGE,
    documents: documents.length,
    pages,
    verbose,
  });
  if (speed) {
    say('');
    say(`索引の速さ（${loadText()}）`);
    say(table(['項目', '値'], speedRows(speed.throughput, speed.latency), ['l', 'r']));
  }

  const outFile = resultFile(
    qualityOnly ? 'retrieval.quality.json' : quick ? 'retrieval.quick.json' : 'retrieval.json',
  );
  writeResult(outFile, {
    bench: 'retrieval',
    quick,
    qualityOnly,
    at: new Date().toISOString(),
    server: gitDescribe(dir),
    machine: machine(),
    settings,
    corpus: { documents: documents.length, pages },
    quality: {
      measure: offline.measure,
      minCoverage: api.MIN_COVERAGE,
      sets: offline.sets.map((set) => ({ ...set, embeddings: vectors[set.id] })),
    },
    ...(speed ?? {}),
  });
  say(`\n結果: ${outFile}`);
}

await runScript(main, '検索のベンチマーク');
