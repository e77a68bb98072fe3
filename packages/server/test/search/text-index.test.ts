/**
 * The text index over real PostgreSQL as the app role (row-level security on): folding that
 * agrees with the database's, keyword search with highlights on the original text, BM25
 * retrieval, vectors from the OpenAI stand-in, removal, tenant isolation and the plans.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../src/modules/knowledge/knowledge.tables';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { aiConfigFromEnv } from '../../src/platform/ai/config';
import { createAiProvider } from '../../src/platform/ai/create-provider';
import { type TenantTransaction, withTenant } from '../../src/platform/db/tenant-scope';
import type { TextChunk } from '../../src/platform/extract/extract';
import { contentCoverage, foldWithOffsets, searchFold } from '../../src/platform/search/fold';
import { snippetOf } from '../../src/platform/search/keyword-search';
import { createTextIndex } from '../../src/platform/search/text-index-postgres';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { insertKnowledgeDocument } from '../support/knowledge-documents';
import { type OpenAiStandIn, startOpenAiStandIn } from '../support/openai-stand-in';
import { indexesOf, queryPlanTracer, seqScansOf } from '../support/query-plans';

const TENANT = '7a0c4f52-1d3e-4b6a-9c8d-0e1f2a3b4c51';
const OTHER = '7a0c4f52-1d3e-4b6a-9c8d-0e1f2a3b4c52';

const chunk = (index: number, page: number | null, text: string): TextChunk => ({
  index,
  page,
  start: 0,
  text,
});

const PRIVACY = [
  chunk(0, 1, '個人情報の取扱い規程\n第1条 この規程は、当院が取り扱う患者の個人情報の保護について定める。'),
  chunk(
    1,
    2,
    '第5条 患者の個人情報を第三者に提供するときは、あらかじめ本人の同意を得る。ただし、法令に基づく場合はこの限りでない。',
  ),
  chunk(2, 3, '第9条 個人情報の漏えいが発生したときは、院長に直ちに報告し、個人情報保護委員会へ報告する。'),
];
const WASTE = [
  chunk(0, 1, '医療廃棄物の処理手順\n注射針などの鋭利なものは、ﾊﾞｲｵﾊｻﾞｰﾄﾞマークの付いた専用容器に入れる。'),
  chunk(1, 2, '感染性廃棄物は、㈱クリーンメディカルに処理を委託する。委託契約書は5年間保存する。'),
];

describe('text index', () => {
  let database: TestDatabase;
  let privacyId: string;
  let wasteId: string;
  const index = createTextIndex({ embeddings: null });

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '索引確認クリニック', plan: 'standard' });
    await insertTenant(database.owner, { id: OTHER, name: '別のクリニック', plan: 'standard' });
    await withTenant(database.db, TENANT, async (tx) => {
      privacyId = await insertKnowledgeDocument(tx, '個人情報の取扱い規程');
      wasteId = await insertKnowledgeDocument(tx, '医療廃棄物の処理手順');
      await index.replace(tx, { kind: 'knowledge', id: privacyId }, PRIVACY);
      await index.replace(tx, { kind: 'knowledge', id: wasteId }, WASTE);
    });
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  it('folds in JavaScript exactly as tsumiki_search_fold does in the database', async () => {
    const samples = [
      'ﾊﾞｲｵﾊｻﾞｰﾄﾞ',
      'バイオハザード',
      'ＡＢＣ　１２３',
      '㈱クリーンメディカル',
      'ヴァイオリンとヽヾ',
      'が (combining) と ｶﾞ',
      '第 5 条\n\t本人の同意',
      'Ⅻ ﬁle ㍿ ①',
      '𠮷野家の𩸽',
      '',
    ];
    const { rows } = await sql<{ folded: string }>`
      select tsumiki_search_fold(s) as folded from unnest(${samples}::text[]) with ordinality as u (s, n) order by n
    `.execute(database.db);
    expect(samples.map(searchFold)).toEqual(rows.map((row) => row.folded));
    for (const sample of samples) expect(foldWithOffsets(sample).folded).toBe(searchFold(sample));
  });

  it('agrees with the database on generated text of kana, kanji, widths, marks and spaces', async () => {
    const alphabet = [...'あアｱｶﾞｶﾞがﾟ漢字ＡＢａb１2　 \t\n㈱①Ⅻヽヾヴー・。、「」|\u3099\u0301'];
    const samples = fc.sample(
      fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((chars) => chars.join('')),
      { numRuns: 300, seed: 20261123 },
    );
    const { rows } = await sql<{ folded: string }>`
      select tsumiki_search_fold(s) as folded from unnest(${samples}::text[]) with ordinality as u (s, n) order by n
    `.execute(database.db);
    expect(samples.map(searchFold)).toEqual(rows.map((row) => row.folded));
    for (const sample of samples) {
      const { folded, starts, ends } = foldWithOffsets(sample);
      expect(folded).toBe(searchFold(sample));
      // Every folded unit comes from a range of the original that folds to something containing it.
      for (let index = 0; index < folded.length; index++) {
        expect(searchFold(sample.slice(starts[index], ends[index]))).toContain(folded[index]);
      }
    }
  });

  it('maps folded positions back to the original text', () => {
    const { folded, starts, ends } = foldWithOffsets('ﾊﾞｲｵ 廃棄物');
    expect(folded).toBe('ばいお廃棄物');
    expect([starts[0], ends[0]]).toEqual([0, 2]); // ﾊﾞ → ば
    expect([starts[3], ends[3]]).toEqual([5, 6]); // 廃 after the space
  });

  it('finds a 2-character term and highlights it where it is, with its page', async () => {
    const result = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: '同意', skip: 0, limit: 20 }),
    );
    expect(result.total).toBe(1);
    const [hit] = result.hits;
    expect(hit).toMatchObject({ sourceId: privacyId, chunkIndex: 1, page: 2 });
    expect(hit!.highlights).toHaveLength(1);
    const { start, length } = hit!.highlights[0]!;
    expect(hit!.snippet.slice(start, start + length)).toBe('同意');
  });

  it('folds width and kana: ばいおはざーど finds ﾊﾞｲｵﾊｻﾞｰﾄﾞ and highlights the half-width original', async () => {
    const result = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: 'バイオハザード', skip: 0, limit: 20 }),
    );
    expect(result.hits.map((hit) => [hit.sourceId, hit.page])).toEqual([[wasteId, 1]]);
    const hit = result.hits[0]!;
    const { start, length } = hit.highlights[0]!;
    expect(hit.snippet.slice(start, start + length)).toBe('ﾊﾞｲｵﾊｻﾞｰﾄﾞ');
  });

  it('highlights through NFKC expansions (㈱ → (株))', async () => {
    const result = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: '(株)クリーン', skip: 0, limit: 20 }),
    );
    const hit = result.hits[0]!;
    const { start, length } = hit.highlights[0]!;
    expect(hit.snippet.slice(start, start + length)).toBe('㈱クリーン');
  });

  it('needs every term in one chunk, and gives the best chunk of each source once', async () => {
    const both = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: '個人情報　報告', skip: 0, limit: 20 }),
    );
    expect(both.hits.map((hit) => [hit.sourceId, hit.chunkIndex])).toEqual([[privacyId, 2]]);
    const highlighted = both.hits[0]!.highlights.map(({ start, length }) =>
      both.hits[0]!.snippet.slice(start, start + length),
    );
    expect(highlighted).toEqual(['個人情報', '報告', '個人情報', '報告']);
    const apart = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: '同意 漏えい', skip: 0, limit: 20 }),
    );
    expect(apart).toEqual({ total: 0, hits: [] });
    const many = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: 'の', skip: 0, limit: 1 }),
    );
    expect(many.total).toBe(2);
    expect(many.hits).toHaveLength(1);
  });

  it('restricts to the given sources', async () => {
    const only = await withTenant(database.db, TENANT, (tx) =>
      index.keyword(tx, { kind: 'knowledge', query: '委託', sourceIds: [privacyId], skip: 0, limit: 20 }),
    );
    expect(only.total).toBe(0);
  });

  it('cuts a long chunk to a snippet around the first match', () => {
    const text = `${'あ'.repeat(300)}同意${'い'.repeat(300)}`;
    const { snippet, highlights } = snippetOf(text, ['同意']);
    expect(snippet.length).toBeLessThanOrEqual(122);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.slice(highlights[0]!.start, highlights[0]!.start + 2)).toBe('同意');
  });

  it('ranks passages by BM25, best first, scores 0..1, nothing without overlap', async () => {
    const { mode, passages } = await withTenant(database.db, TENANT, (tx) =>
      index.retrieve(tx, { kind: 'knowledge', query: '患者の個人情報を第三者に提供するには？', limit: 5 }),
    );
    expect(mode).toBe('offline');
    expect(passages[0]).toMatchObject({ sourceId: privacyId, chunkIndex: 1, page: 2, score: 1 });
    for (const passage of passages) {
      expect(passage.score).toBeGreaterThan(0);
      expect(passage.score).toBeLessThanOrEqual(1);
    }
    const none = await withTenant(database.db, TENANT, (tx) =>
      index.retrieve(tx, { kind: 'knowledge', query: 'ＸＹＺ', limit: 5 }),
    );
    expect(none.passages).toEqual([]);
  });

  it('measures how much of a question a passage covers by its content bigrams', () => {
    expect(contentCoverage('第三者への提供に同意は要る？', PRIVACY[1]!.text)).toBe(1);
    expect(contentCoverage('ﾊﾞｲｵハザードの容器', WASTE[0]!.text)).toBe(1);
    expect(contentCoverage('駐車場の料金はいくら？', PRIVACY[1]!.text)).toBe(0);
  });

  it('shows nothing of one tenant to another', async () => {
    const seen = await withTenant(database.db, OTHER, async (tx) => ({
      keyword: await index.keyword(tx, { kind: 'knowledge', query: '同意', skip: 0, limit: 20 }),
      retrieve: await index.retrieve(tx, { kind: 'knowledge', query: '個人情報', limit: 5 }),
    }));
    expect(seen.keyword.total).toBe(0);
    expect(seen.retrieve.passages).toEqual([]);
  });

  it('removes a source with its terms and statistics, and a deleted document takes its chunks along', async () => {
    const counts = (tx: TenantTransaction) =>
      sql<{ chunks: string; terms: string; stats: string }>`
        select (select count(*) from text_chunks) as chunks,
               (select count(*) from text_chunk_terms) as terms,
               (select chunk_count from text_index_stats where source_kind = 'knowledge') as stats`
        .execute(tx)
        .then((result) => result.rows[0]);
    await withTenant(database.db, TENANT, async (tx) => {
      const extra = await insertKnowledgeDocument(tx, '一時');
      const before = await counts(tx);
      await index.replace(tx, { kind: 'knowledge', id: extra }, [chunk(0, null, '一時的な文書の本文です。')]);
      expect(Number((await counts(tx))?.chunks)).toBe(Number(before?.chunks) + 1);
      await index.remove(tx, { kind: 'knowledge', id: extra });
      expect(await counts(tx)).toEqual(before);
      await index.replace(tx, { kind: 'knowledge', id: extra }, [chunk(0, null, '一時的な文書の本文です。')]);
      await tx
        .deleteFrom('knowledge_documents')
        .where('tenant_id', '=', TENANT)
        .where('id', '=', extra)
        .execute();
      expect(await counts(tx)).toEqual(before);
    });
  });

  it('reads the bigram btree, not the whole table, as the app role', async () => {
    const tracer = queryPlanTracer(database.appUrl);
    try {
      // Enough rows that a sequential scan would be the planner's choice if it could not use the index.
      await withTenant(database.db, TENANT, async (tx) => {
        for (let n = 0; n < 40; n++) {
          const id = await insertKnowledgeDocument(tx, `規程${n}`);
          await index.replace(
            tx,
            { kind: 'knowledge', id },
            Array.from({ length: 25 }, (_, i) =>
              chunk(
                i,
                i + 1,
                `規程${n}の第${i}条 職員は勤務時間を守り、休暇は事前に申請する。番号${n * 100 + i}`,
              ),
            ),
          );
        }
      });
      await sql`analyze text_chunks, text_chunk_terms`.execute(database.owner);
      const plans = await tracer.explain(TENANT, () =>
        withTenant(tracer.db, TENANT, async (tx) => {
          await index.keyword(tx, { kind: 'knowledge', query: '同意', skip: 0, limit: 20 });
          await index.retrieve(tx, { kind: 'knowledge', query: '第三者への提供と本人の同意', limit: 5 });
        }),
      );
      const all = plans.map(({ plan }) => plan);
      for (const plan of all) expect(seqScansOf(plan, ['text_chunk_terms', 'text_chunks'])).toEqual([]);
      expect(all.flatMap(indexesOf)).toContain('text_chunk_terms_pkey');
    } finally {
      await tracer.destroy();
    }
  });
});

describe('text index with embeddings from the stand-in', () => {
  let database: TestDatabase;
  let standIn: OpenAiStandIn;
  let documentId: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '埋め込み確認クリニック', plan: 'standard' });
  }, 60_000);

  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });

  const provider = () =>
    createAiProvider(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseUrl,
        AI_API_KEY: 'sk-stand-in',
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_EMBEDDING_MODEL: 'stand-in-hashing',
        AI_MAX_RETRIES: '0',
      }),
    );

  it('stores a unit vector per chunk and ranks by cosine (mode openai)', async () => {
    const index = createTextIndex({ embeddings: provider().embeddings });
    const result = await withTenant(database.db, TENANT, async (tx) => {
      documentId = await insertKnowledgeDocument(tx, '医療廃棄物の処理手順');
      await index.replace(tx, { kind: 'knowledge', id: documentId }, WASTE);
      const { rows } = await sql<{ n: string; dims: number }>`
        select count(*) as n, max(cardinality(vector)) as dims from chunk_vectors where model = 'stand-in-hashing'
      `.execute(tx);
      return {
        rows,
        retrieved: await index.retrieve(tx, {
          kind: 'knowledge',
          query: '感染性廃棄物の処理の委託先',
          limit: 5,
        }),
      };
    });
    expect(result.rows[0]).toMatchObject({ n: '2', dims: 256 });
    expect(result.retrieved.mode).toBe('openai');
    expect(result.retrieved.passages[0]).toMatchObject({ sourceId: documentId, chunkIndex: 1, page: 2 });
  });

  it('falls back to BM25 (mode offline) when the provider is down at question time', async () => {
    const index = createTextIndex({ embeddings: provider().embeddings });
    standIn.failNext(1);
    const result = await withTenant(database.db, TENANT, (tx) =>
      index.retrieve(tx, { kind: 'knowledge', query: '感染性廃棄物の処理の委託先', limit: 5 }),
    );
    expect(result.mode).toBe('offline');
    expect(result.passages[0]).toMatchObject({ sourceId: documentId, chunkIndex: 1 });
  });

  it('keeps the chunks and logs when the provider is down at index time', async () => {
    const warn = vi.fn();
    const index = createTextIndex({
      embeddings: provider().embeddings,
      log: { warn } as unknown as import('fastify').FastifyBaseLogger,
    });
    standIn.failNext(1);
    const found = await withTenant(database.db, TENANT, async (tx) => {
      const id = await insertKnowledgeDocument(tx, '予約キャンセル規定');
      await index.replace(tx, { kind: 'knowledge', id }, [
        chunk(0, 1, '予約のキャンセルは前日までに電話で連絡する。'),
      ]);
      return index.keyword(tx, { kind: 'knowledge', query: 'キャンセル', skip: 0, limit: 20 });
    });
    expect(found.total).toBe(1);
    expect(warn).toHaveBeenCalledOnce();
  });
});
