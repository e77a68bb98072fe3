/**
 * How much of a question a passage answers (question-terms.ts): the question's bigrams weighted by
 * kind (grammar 0, stems 0.3, generic words 0.2, content 1) and rarity, with the passage's document
 * as context; then over real PostgreSQL as the app role: every retrieved passage carries it, in
 * BM25 and in vector retrieval alike, and a long question's answer page covers more of it than a
 * page that shares only its grammar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/modules/knowledge/knowledge.tables';
import { MIN_COVERAGE } from '../../src/modules/knowledge/knowledge.chat';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { aiConfigFromEnv } from '../../src/platform/ai/config';
import { createAiProvider } from '../../src/platform/ai/create-provider';
import { withTenant } from '../../src/platform/db/tenant-scope';
import type { TextChunk } from '../../src/platform/extract/extract';
import {
  informativeness,
  questionTerms,
  TERM_WEIGHT,
  weightedCoverage,
} from '../../src/platform/search/question-terms';
import { createTextIndex } from '../../src/platform/search/text-index-postgres';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { insertKnowledgeDocument } from '../support/knowledge-documents';
import { type OpenAiStandIn, startOpenAiStandIn } from '../support/openai-stand-in';

const LONG = '清掃業者との契約を解約するには、いつまでに通知が必要ですか？';
const weightOf = (query: string) => new Map(questionTerms(query).map(({ term, weight }) => [term, weight]));

describe('question terms', () => {
  it('weighs the subject, not the grammar of the question', () => {
    const weights = weightOf(LONG);
    for (const term of ['清掃', '業者', '契約', '解約', '通知']) expect(weights.get(term), term).toBe(1);
    // 必要 is how the question is asked; 「約を」 a word and its particle; 「には」「いつ」「です」 grammar.
    expect(weights.get('必要')).toBe(TERM_WEIGHT.generic);
    expect(weights.get('約を')).toBe(TERM_WEIGHT.stem);
    for (const term of ['には', 'いつ', 'まで', 'です', 'すか', 'との'])
      expect(weights.has(term), term).toBe(false);
  });

  it('folds like the index, leaves out 何・誰, and falls back to letters for an all-kana question', () => {
    expect(weightOf('ｷｬﾝｾﾙ料は何日前？').get('きゃ')).toBe(1);
    expect([...weightOf('誰が何日に').keys()].some((term) => /[何誰]/u.test(term))).toBe(false);
    expect(weightOf('きゃんせるりょう').get('きゃ')).toBe(1);
  });

  it('rates a term by its rarity, one chunk and no chunk alike', () => {
    expect(informativeness(1, 30)).toBe(1);
    expect(informativeness(0, 30)).toBe(1);
    expect(informativeness(30, 30)).toBeLessThan(0.05);
    expect(informativeness(1, 2)).toBe(1);
  });

  it('lets a page answer a long question although most of its words are elsewhere', () => {
    const terms = questionTerms(LONG);
    const informative = new Map(terms.map(({ term }) => [term, 1]));
    const page = new Set(['契約', '解約', '通知']);
    const coverage = weightedCoverage(terms, informative, page, new Set());
    // The unweighted share was 3 of 7 content bigrams (清掃 掃業 業者 契約 解約 通知 必要): below 0.5.
    expect(coverage).toBeGreaterThanOrEqual(MIN_COVERAGE);
    // The title page's 清掃業務 adds to it, at half weight.
    expect(weightedCoverage(terms, informative, page, new Set(['清掃', '掃業']))).toBeGreaterThan(coverage);
  });

  it('never lets the context carry a passage that holds nothing of the question', () => {
    const terms = questionTerms(LONG);
    const informative = new Map(terms.map(({ term }) => [term, 1]));
    const everything = new Set(terms.map(({ term }) => term));
    expect(weightedCoverage(terms, informative, new Set(), everything)).toBe(0);
  });
});

const TENANT = '5c1e8a2b-3f4d-4e6a-8b7c-9d0e1f2a3b41';
const chunk = (index: number, page: number, text: string): TextChunk => ({ index, page, start: 0, text });
const CONTRACT = [
  chunk(
    0,
    1,
    '清掃業務委託契約書\n甲は乙に対し、待合室および診察室の日常清掃を委託する。委託料は月額88,000円とする。',
  ),
  chunk(
    1,
    2,
    '第6条（解約） 甲または乙は、3か月前までに書面で相手方に通知することにより、この契約を解約できる。',
  ),
];
const MANUAL = [
  chunk(0, 1, '院内規程\n受付は午前8時30分から行う。予約の変更は前日までに電話で連絡する。'),
  chunk(1, 2, '地震のときは、揺れが収まってから患者を駐車場へ誘導する。必要なときは院長に連絡する。'),
];

describe('coverage of retrieved passages', () => {
  let database: TestDatabase;
  let standIn: OpenAiStandIn;
  let contractId: string;

  const withVectors = () =>
    createTextIndex({
      embeddings: createAiProvider(
        aiConfigFromEnv({
          AI_PROVIDER: 'openai-compatible',
          AI_BASE_URL: standIn.baseUrl,
          AI_API_KEY: 'sk-stand-in',
          AI_CHAT_MODEL: 'stand-in-chat',
          AI_EMBEDDING_MODEL: 'stand-in-hashing',
          AI_MAX_RETRIES: '0',
        }),
      ).embeddings,
    });

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '被覆率確認クリニック', plan: 'standard' });
    const index = withVectors();
    await withTenant(database.db, TENANT, async (tx) => {
      contractId = await insertKnowledgeDocument(tx, '清掃業務委託契約書');
      await index.replace(tx, { kind: 'knowledge', id: contractId }, CONTRACT);
      await index.replace(
        tx,
        { kind: 'knowledge', id: await insertKnowledgeDocument(tx, '院内規程') },
        MANUAL,
      );
    });
  }, 60_000);

  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });

  /** BM25 over the same index (the chunks' vectors are left aside). */
  const retrieve = (query: string) =>
    withTenant(database.db, TENANT, (tx) =>
      createTextIndex({ embeddings: null }).retrieve(tx, { kind: 'knowledge', query, limit: 5 }),
    );

  it('ranks the clause first and gives it the coverage the legal check cites', async () => {
    const { mode, passages } = await retrieve(LONG);
    expect(mode).toBe('offline');
    expect(passages[0]).toMatchObject({ sourceId: contractId, page: 2, score: 1 });
    expect(passages[0]!.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE);
    // The manual shares 必要 and 「までに」 with the question, and nothing of its subject.
    for (const passage of passages.filter((p) => p.sourceId !== contractId))
      expect(passage.coverage).toBeLessThan(MIN_COVERAGE);
  });

  it('gives a topic the documents do not hold no passage above the floor', async () => {
    const { passages } = await retrieve('職員の駐車場の利用料金は毎月いくらですか？');
    expect(passages.length).toBeGreaterThan(0);
    for (const passage of passages) expect(passage.coverage).toBeLessThan(MIN_COVERAGE);
  });

  it('measures passages found by vector the same way', async () => {
    const byVector = await withTenant(database.db, TENANT, (tx) =>
      withVectors().retrieve(tx, { kind: 'knowledge', query: LONG, limit: 5 }),
    );
    expect(byVector.mode).toBe('openai');
    const offline = await retrieve(LONG);
    const coverageOf = (list: typeof offline.passages) =>
      new Map(list.map((passage) => [`${passage.sourceId}:${passage.chunkIndex}`, passage.coverage]));
    const expected = coverageOf(offline.passages);
    for (const [key, coverage] of coverageOf(byVector.passages)) {
      if (expected.has(key)) expect(coverage, key).toBeCloseTo(expected.get(key)!, 10);
    }
    expect(
      byVector.passages.find((p) => p.sourceId === contractId && p.page === 2)?.coverage,
    ).toBeGreaterThan(MIN_COVERAGE);
  });
});
