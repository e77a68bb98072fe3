import type { TenantTransaction } from '../db/tenant-scope';
import type { TextChunk } from '../extract/extract';

/**
 * The tenant's text index over document and knowledge-base chunks: what keyword search, offline
 * semantic retrieval (bigrams with BM25 scoring) and, with an embeddings provider, vector
 * retrieval (cosine over vectors stored in PostgreSQL) read. Every query runs in the request's
 * tenant transaction, under row-level security, on paths the app role can use (checked with
 * EXPLAIN as that role).
 */
export type IndexedSourceKind = 'document' | 'knowledge';

export interface IndexedSource {
  kind: IndexedSourceKind;
  id: string;
}

export interface TextIndex {
  /** Replaces the source's chunks (and their terms and vectors) with `chunks`. */
  replace(tx: TenantTransaction, source: IndexedSource, chunks: readonly TextChunk[]): Promise<void>;
  /** Removes every chunk of the source. */
  remove(tx: TenantTransaction, source: IndexedSource): Promise<void>;
  /**
   * Keyword search (NFKC, case and kana folding; 2-character terms): the best-matching chunk of
   * each source that contains every term of the query, best first.
   */
  keyword(tx: TenantTransaction, query: KeywordQuery): Promise<{ total: number; hits: KeywordHit[] }>;
  /**
   * Ranked retrieval of passages for a question: by cosine when an embeddings provider is
   * configured (`mode: 'openai'`), else by BM25 over bigrams (`mode: 'offline'`).
   */
  retrieve(
    tx: TenantTransaction,
    query: RetrievalQuery,
  ): Promise<{ mode: 'openai' | 'offline'; passages: Passage[] }>;
  /**
   * The question's embedding, to be computed before a transaction opens so that a slow provider
   * never holds a database connection; null without an embeddings model or when the provider
   * fails (retrieval then ranks by BM25).
   */
  embedQuery(query: string): Promise<QueryVector | null>;
}

/** A question's unit vector and the model that made it. */
export interface QueryVector {
  model: string;
  values: number[];
}

export interface KeywordQuery {
  kind: IndexedSourceKind;
  query: string;
  /** Only these sources (e.g. the documents of a folder subtree); undefined = all of the kind. */
  sourceIds?: readonly string[];
  skip: number;
  limit: number;
}

export interface KeywordHit {
  sourceId: string;
  chunkIndex: number;
  page: number | null;
  /** Text around the first match (about 120 characters). */
  snippet: string;
  /** Matched ranges inside `snippet`. */
  highlights: { start: number; length: number }[];
}

export interface RetrievalQuery {
  kind: IndexedSourceKind;
  query: string;
  limit: number;
  /**
   * The question's embedding from `embedQuery` (null: none, rank by BM25). Omitted, retrieve embeds
   * the question itself, inside the caller's transaction: for callers that hold no connection long.
   */
  vector?: QueryVector | null;
}

export interface Passage {
  sourceId: string;
  chunkIndex: number;
  page: number | null;
  text: string;
  /** 0..1, higher is closer; comparable within one call only. */
  score: number;
  /**
   * 0..1: how much of the question the passage answers, its informative terms weighted by kind and
   * rarity, those only its document's first chunk or neighbouring chunks hold at half weight
   * (question-terms.ts). The same measure whichever way the passage was retrieved; the legal
   * check cites a passage only above its floor (MIN_COVERAGE).
   */
  coverage: number;
}
