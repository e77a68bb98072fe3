/**
 * A question embedded before the transaction (`embedQuery`), then retrieval with that vector: the
 * same passages as embedding inside, with no provider call while the transaction is open; no
 * vector means BM25; a provider that fails gives no vector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/modules/knowledge/knowledge.tables';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { aiConfigFromEnv } from '../../src/platform/ai/config';
import { createAiProvider } from '../../src/platform/ai/create-provider';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTextIndex } from '../../src/platform/search/text-index-postgres';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { insertKnowledgeDocument } from '../support/knowledge-documents';
import { type OpenAiStandIn, startOpenAiStandIn } from '../support/openai-stand-in';

const TENANT = '7a0c4f52-1d3e-4b6a-9c8d-0e1f2a3b4c61';
const QUESTION = '感染性廃棄物の処理の委託先';

describe('question vectors computed outside the transaction', () => {
  let database: TestDatabase;
  let standIn: OpenAiStandIn;
  let index: ReturnType<typeof createTextIndex>;
  let documentId: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '質問ベクトル確認クリニック', plan: 'standard' });
    const provider = createAiProvider(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseUrl,
        AI_API_KEY: 'sk-stand-in',
        AI_CHAT_MODEL: 'stand-in-chat',
        AI_EMBEDDING_MODEL: 'stand-in-hashing',
        AI_MAX_RETRIES: '0',
      }),
    );
    index = createTextIndex({ embeddings: provider.embeddings });
    documentId = await withTenant(database.db, TENANT, async (tx) => {
      const id = await insertKnowledgeDocument(tx, '医療廃棄物の処理手順');
      await index.replace(tx, { kind: 'knowledge', id }, [
        { index: 0, page: 1, start: 0, text: '医療廃棄物の処理手順\n注射針は専用容器に入れる。' },
        { index: 1, page: 2, start: 0, text: '感染性廃棄物は、㈱クリーンメディカルに処理を委託する。' },
      ]);
      return id;
    });
  }, 60_000);

  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });

  const embeddingCalls = () => standIn.requests.filter((request) => request.path === '/v1/embeddings').length;

  it('embeds once, as a unit vector of the model, and retrieves with it without calling the provider', async () => {
    const vector = await index.embedQuery(QUESTION);
    expect(vector?.model).toBe('stand-in-hashing');
    const length = Math.hypot(...(vector?.values ?? []));
    expect(length).toBeCloseTo(1, 5);

    const before = embeddingCalls();
    const given = await withTenant(database.db, TENANT, (tx) =>
      index.retrieve(tx, { kind: 'knowledge', query: QUESTION, vector, limit: 5 }),
    );
    expect(embeddingCalls()).toBe(before);
    const inline = await withTenant(database.db, TENANT, (tx) =>
      index.retrieve(tx, { kind: 'knowledge', query: QUESTION, limit: 5 }),
    );
    expect(embeddingCalls()).toBe(before + 1);
    expect(given.mode).toBe('openai');
    expect(given).toEqual(inline);
    expect(given.passages.map((passage) => passage.sourceId)).toContain(documentId);
  });

  it('ranks by BM25 (mode offline) when there is no vector, without calling the provider', async () => {
    const before = embeddingCalls();
    const result = await withTenant(database.db, TENANT, (tx) =>
      index.retrieve(tx, { kind: 'knowledge', query: QUESTION, vector: null, limit: 5 }),
    );
    expect(embeddingCalls()).toBe(before);
    expect(result.mode).toBe('offline');
    expect(result.passages[0]).toMatchObject({ sourceId: documentId, chunkIndex: 1 });
  });

  it('gives no vector when the provider fails', async () => {
    standIn.failNext(1);
    expect(await index.embedQuery(QUESTION)).toBeNull();
  });
});
