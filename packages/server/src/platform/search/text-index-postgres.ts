import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { AiProviderError, type EmbeddingModel } from '../ai/provider';
import type { TenantTransaction } from '../db/tenant-scope';
import type { TextChunk } from '../extract/extract';
import { bigramsOf, foldWithOffsets, searchFold } from './fold';
import { passagesWithCoverage, retrieveByBm25 } from './offline-retrieval';
import type {
  IndexedSource,
  KeywordHit,
  KeywordQuery,
  Passage,
  QueryVector,
  RetrievalQuery,
  TextIndex,
} from './text-index';
import './text-index.tables';

/** The snippet of a keyword hit: about this many characters, the first match this far in. */
const SNIPPET_LENGTH = 120;
const SNIPPET_LEAD = 30;
/** Rows per INSERT (parameters stay far below PostgreSQL's 65,535). */
const INSERT_BATCH = 500;

export interface TextIndexOptions {
  /** Null: no vectors; retrieval is BM25 over bigrams. */
  embeddings: EmbeddingModel | null;
  /** Where a failed embeddings call at index time is reported (the chunks are kept). */
  log?: FastifyBaseLogger;
}

/** A keyword query's terms: split on white space, folded, without the '|' the index never holds. */
export function keywordTerms(query: string): string[] {
  const terms = query
    .normalize('NFKC')
    .split(/\s+/u)
    .map((term) => searchFold(term.replaceAll('|', '')))
    .filter((term) => term !== '');
  return [...new Set(terms)];
}

/**
 * About 120 characters of `text` around the first occurrence of any term, with every occurrence
 * inside it as a highlight. Matching happens on the folded text; ranges are mapped back to the
 * original (foldWithOffsets), so the highlights fit what the user reads. White space becomes a
 * plain space (one for one: offsets stay); a cut end gets '…'.
 */
export function snippetOf(
  text: string,
  terms: readonly string[],
): Pick<KeywordHit, 'snippet' | 'highlights'> {
  const { folded, starts, ends } = foldWithOffsets(text);
  const matches: Array<{ start: number; end: number }> = [];
  for (const term of terms) {
    if (term === '') continue;
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      matches.push({ start: starts[at]!, end: ends[at + term.length - 1]! });
    }
  }
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  let windowStart = Math.max(0, (matches[0]?.start ?? 0) - SNIPPET_LEAD);
  const windowEnd = Math.min(text.length, windowStart + SNIPPET_LENGTH);
  windowStart = Math.max(0, Math.min(windowStart, windowEnd - SNIPPET_LENGTH));
  // Never split a surrogate pair.
  if (windowStart > 0 && /[\udc00-\udfff]/.test(text[windowStart] ?? '')) windowStart -= 1;
  const cutEnd =
    windowEnd < text.length && /[\ud800-\udbff]/.test(text[windowEnd - 1] ?? '') ? windowEnd + 1 : windowEnd;
  const prefix = windowStart > 0 ? '…' : '';
  const suffix = cutEnd < text.length ? '…' : '';
  const snippet = `${prefix}${text.slice(windowStart, cutEnd).replace(/\s/gu, ' ')}${suffix}`;
  const highlights: KeywordHit['highlights'] = [];
  for (const match of matches) {
    const start = Math.max(match.start, windowStart);
    const end = Math.min(match.end, cutEnd);
    if (end <= start) continue;
    const relative = start - windowStart + prefix.length;
    const last = highlights.at(-1);
    if (last && relative <= last.start + last.length) {
      last.length = Math.max(last.length, relative + (end - start) - last.start);
    } else {
      highlights.push({ start: relative, length: end - start });
    }
  }
  return { snippet, highlights };
}

function unitLength(vector: readonly number[]): number[] {
  const norm = Math.hypot(...vector);
  return norm === 0 ? [...vector] : vector.map((value) => value / norm);
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

  async function keyword(tx: TenantTransaction, query: KeywordQuery) {
    const terms = keywordTerms(query.query);
    if (terms.length === 0) return { total: 0, hits: [] };
    const bigrams = [...new Set(terms.flatMap(bigramsOf))];
    // Terms of two characters or more go through the bigram btree (every bigram present), then
    // each term as a substring; a query of single characters only scans the kind's chunks.
    const viaIndex =
      bigrams.length > 0
        ? sql`and c.id in (
            select t.chunk_id from text_chunk_terms t
            where t.tenant_id = ${tx.tenantId} and t.source_kind = ${query.kind}
              and t.term = any(${bigrams}::text[])
            group by t.chunk_id
            having count(*) = ${bigrams.length}
          )`
        : sql``;
    const substrings = sql.join(
      terms.map((term) => sql`strpos(c.folded, ${term}) > 0`),
      sql` and `,
    );
    const occurrences = sql.join(
      terms.map(
        (term) =>
          sql`(char_length(c.folded) - char_length(replace(c.folded, ${term}, ''))) / ${[...term].length}`,
      ),
      sql` + `,
    );
    const onlySources =
      query.sourceIds === undefined ? sql`` : sql`and c.source_id = any(${[...query.sourceIds]}::uuid[])`;
    // The best chunk of every matching source (most occurrences, then the earliest).
    const { rows } = await sql<{ id: string; source_id: string; chunk_index: number; page: number | null }>`
      select id, source_id, chunk_index, page from (
        select distinct on (c.source_id) c.id, c.source_id, c.chunk_index, c.page, ${occurrences} as score
        from text_chunks c
        where c.tenant_id = ${tx.tenantId} and c.source_kind = ${query.kind}
          ${viaIndex}
          and ${substrings}
          ${onlySources}
        order by c.source_id, score desc, c.chunk_index
      ) best
      order by score desc, source_id
    `.execute(tx);
    const page = rows.slice(query.skip, query.skip + query.limit);
    if (page.length === 0) return { total: rows.length, hits: [] };
    const texts = await tx
      .selectFrom('text_chunks')
      .select(['id', 'text'])
      .where('tenant_id', '=', tx.tenantId)
      .where(
        'id',
        'in',
        page.map((row) => row.id),
      )
      .execute();
    const textOf = new Map(texts.map((row) => [String(row.id), row.text]));
    const hits: KeywordHit[] = page.map((row) => ({
      sourceId: row.source_id,
      chunkIndex: row.chunk_index,
      page: row.page,
      ...snippetOf(textOf.get(String(row.id)) ?? '', terms),
    }));
    return { total: rows.length, hits };
  }

  async function embedQuery(query: string): Promise<QueryVector | null> {
    if (!embeddings) return null;
    try {
      const [embedded] = await embeddings.embed([query]);
      return embedded ? { model: embeddings.model, values: unitLength(embedded) } : null;
    } catch (error) {
      if (error instanceof AiProviderError) return null;
      throw error;
    }
  }

  /** Cosine over the kind's vectors of the vector's model (unit vectors: the dot product). */
  async function byVector(
    tx: TenantTransaction,
    query: RetrievalQuery,
    vector: QueryVector,
  ): Promise<Passage[] | null> {
    const { rows } = await sql<{ chunk_id: string; score: number }>`
      select v.chunk_id, (select sum(a * b) from unnest(v.vector, ${vector.values}::real[]) as pair (a, b)) as score
      from chunk_vectors v
      where v.tenant_id = ${tx.tenantId} and v.source_kind = ${query.kind} and v.model = ${vector.model}
      order by score desc nulls last, v.chunk_id
      limit ${query.limit}
    `.execute(tx);
    if (rows.length === 0) return null;
    return passagesWithCoverage(
      tx,
      query.kind,
      query.query,
      rows
        .map((row) => ({ chunk_id: row.chunk_id, score: Math.min(1, Math.max(0, Number(row.score))) }))
        .filter((row) => row.score > 0),
    );
  }

  async function retrieve(tx: TenantTransaction, query: RetrievalQuery) {
    // A provider down at question time, or a kind indexed before embeddings were configured:
    // BM25, and the mode says so.
    const vector = query.vector === undefined ? await embedQuery(query.query) : query.vector;
    if (vector) {
      const passages = await byVector(tx, query, vector);
      if (passages) return { mode: 'openai' as const, passages };
    }
    return {
      mode: 'offline' as const,
      passages: await retrieveByBm25(tx, query.kind, query.query, query.limit),
    };
  }

  return { replace, remove, keyword, retrieve, embedQuery };
}
