import type { FastifyBaseLogger } from 'fastify';
import { AiProviderError, type EmbeddingModel } from '../ai/provider';
import type { TenantTransaction } from '../db/tenant-scope';
import type { TextChunk } from '../extract/extract';
import { keywordSearch } from './keyword-search';
import { retrieveByBm25 } from './offline-retrieval';
import type { IndexedSource, RetrievalQuery, TextIndex } from './text-index';
import { embedQuery, retrieveByVector, unitLength } from './vector-retrieval';
import './text-index.tables';

/** Rows per INSERT (parameters stay far below PostgreSQL's 65,535). */
const INSERT_BATCH = 500;

export interface TextIndexOptions {
  /** Null: no vectors; retrieval is BM25 over bigrams. */
  embeddings: EmbeddingModel | null;
  /** Where a failed embeddings call at index time is reported (the chunks are kept). */
  log?: FastifyBaseLogger;
}

/**
 * The text index in PostgreSQL (migration 0012): chunks, their bigrams with counts in a btree the
 * app role uses under row-level security, per-kind statistics for BM25, and unit vectors as
 * real[] when an embeddings model is configured.
 *
 * Cosine is computed in SQL (a dot product of unit vectors over the tenant's vectors of one kind)
 * rather than in JS: the vectors stay in the database instead of crossing the wire for every
 * question, and there is no pgvector in the embedded PostgreSQL. It is a linear scan of the
 * tenant's vectors, fine up to tens of thousands of chunks; beyond that pgvector with an HNSW
 * index is the way.
 */
export function createTextIndex(options: TextIndexOptions): TextIndex {
  const { embeddings, log } = options;

  async function remove(tx: TenantTransaction, source: IndexedSource): Promise<void> {
    // Terms and statistics follow by trigger, vectors by cascade.
    await tx
      .deleteFrom('text_chunks')
      .where('tenant_id', '=', tx.tenantId)
      .where('source_kind', '=', source.kind)
      .where('source_id', '=', source.id)
      .execute();
  }

  /** Vectors of the chunks, or null when the provider failed (logged; the chunks are kept). */
  async function embedChunks(
    source: IndexedSource,
    chunks: readonly TextChunk[],
  ): Promise<number[][] | null> {
    if (!embeddings || chunks.length === 0) return null;
    try {
      const vectors = await embeddings.embed(chunks.map((chunk) => chunk.text));
      return vectors.map(unitLength);
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      log?.warn(
        { err: error, source },
        '埋め込みを作れなかったため、この文書はキーワードと BM25 だけで検索されます',
      );
      return null;
    }
  }

  async function replace(tx: TenantTransaction, source: IndexedSource, chunks: readonly TextChunk[]) {
    const vectors = await embedChunks(source, chunks);
    await remove(tx, source);
    for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
      const batch = chunks.slice(start, start + INSERT_BATCH);
      const inserted = await tx
        .insertInto('text_chunks')
        .values(
          batch.map((chunk) => ({
            tenant_id: tx.tenantId,
            source_kind: source.kind,
            document_id: source.kind === 'document' ? source.id : null,
            knowledge_document_id: source.kind === 'knowledge' ? source.id : null,
            chunk_index: chunk.index,
            page: chunk.page,
            start_offset: chunk.start,
            text: chunk.text,
          })),
        )
        .returning('id')
        .execute();
      if (vectors && embeddings) {
        await tx
          .insertInto('chunk_vectors')
          .values(
            inserted.map((row, offset) => ({
              tenant_id: tx.tenantId,
              chunk_id: row.id,
              source_kind: source.kind,
              model: embeddings.model,
              vector: vectors[start + offset]!,
            })),
          )
          .execute();
      }
    }
  }

  async function retrieve(tx: TenantTransaction, query: RetrievalQuery) {
    // A provider down at question time, or a kind indexed before embeddings were configured:
    // BM25, and the mode says so.
    const vector = query.vector === undefined ? await embedQuery(embeddings, query.query) : query.vector;
    if (vector) {
      const passages = await retrieveByVector(tx, query, vector);
      if (passages) return { mode: 'openai' as const, passages };
    }
    return {
      mode: 'offline' as const,
      passages: await retrieveByBm25(tx, query.kind, query.query, query.limit),
    };
  }

  return {
    replace,
    remove,
    keyword: keywordSearch,
    retrieve,
    embedQuery: (query) => embedQuery(embeddings, query),
  };
}
