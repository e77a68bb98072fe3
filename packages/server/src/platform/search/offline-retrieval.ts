/**
 * Retrieval without a model: BM25 over the bigrams of text_chunk_terms (the btree the app role
 * reads under row-level security), and, for any retrieved passage, its weighted coverage of the
 * question (question-terms.ts), which the legal check uses to decide between citing and saying
 * nothing was found. Every statement goes through an index: the EXPLAIN test in
 * test/search/text-index.test.ts checks it as the app role.
 */
import { sql } from 'kysely';
import type { TenantTransaction } from '../db/tenant-scope';
import { bigramsOf, searchFold } from './fold';
import {
  CONTEXT_WEIGHT,
  informativeness,
  inverseDocumentFrequency,
  questionTerms,
  weightedCoverage,
} from './question-terms';
import type { IndexedSourceKind, Passage } from './text-index';

/** BM25's saturation and length normalisation (the usual values). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

interface Statistics {
  chunkCount: number;
  averageLength: number;
  /** Chunks holding each term (terms in none are absent). */
  documentFrequency: Map<string, number>;
}

/** The kind's chunk count and average length, and the document frequency of `terms`; null when empty. */
async function statisticsOf(
  tx: TenantTransaction,
  kind: IndexedSourceKind,
  terms: readonly string[],
): Promise<Statistics | null> {
  const stats = await tx
    .selectFrom('text_index_stats')
    .select(['chunk_count', 'total_length'])
    .where('tenant_id', '=', tx.tenantId)
    .where('source_kind', '=', kind)
    .executeTakeFirst();
  const chunkCount = Number(stats?.chunk_count ?? 0);
  if (chunkCount === 0) return null;
  const documentFrequency = new Map<string, number>();
  if (terms.length > 0) {
    const { rows } = await sql<{ term: string; df: string }>`
      select t.term, count(*) as df from text_chunk_terms t
      where t.tenant_id = ${tx.tenantId} and t.source_kind = ${kind} and t.term = any(${[...terms]}::text[])
      group by t.term
    `.execute(tx);
    for (const row of rows) documentFrequency.set(row.term, Number(row.df));
  }
  return {
    chunkCount,
    averageLength: Math.max(1, Number(stats?.total_length ?? 0) / chunkCount),
    documentFrequency,
  };
}

export interface ScoredChunk {
  chunk_id: string;
  /** As the caller ranks: BM25's raw score before the rerank, a cosine for vectors. */
  score: number;
}

interface ReadPassage {
  passage: Passage;
  /**
   * Σ weight × idf of the question's terms that only the first chunk of the passage's source holds
   * (its title, a contract's parties), on BM25's scale; 0 for a first chunk.
   */
  titleWeight: number;
}

/**
 * The chunks as passages, in the given order, each with its weighted coverage of `query`: which of
 * the question's informative terms the chunk holds, and which only its context holds (the first
 * chunk of its source and the chunks beside it), read from the same btree for these chunks only.
 */
async function readPassages(
  tx: TenantTransaction,
  kind: IndexedSourceKind,
  query: string,
  scored: readonly ScoredChunk[],
  known?: Statistics,
): Promise<ReadPassage[]> {
  if (scored.length === 0) return [];
  const { rows: chunks } = await sql<{
    id: string;
    source_id: string;
    chunk_index: number;
    page: number | null;
    text: string;
    context_ids: string[];
    first_id: string | null;
  }>`
    select c.id, c.source_id, c.chunk_index, c.page, c.text,
      (
        select n.id from text_chunks n
        where n.tenant_id = c.tenant_id and n.source_kind = c.source_kind and n.source_id = c.source_id
          and n.chunk_index = 0 and n.id <> c.id
      )::text as first_id,
      array(
        select n.id from text_chunks n
        where n.tenant_id = c.tenant_id and n.source_kind = c.source_kind and n.source_id = c.source_id
          and n.chunk_index in (0, c.chunk_index - 1, c.chunk_index + 1) and n.id <> c.id
      )::text[] as context_ids
    from text_chunks c
    where c.tenant_id = ${tx.tenantId} and c.id = any(${scored.map((row) => row.chunk_id)}::bigint[])
  `.execute(tx);

  const terms = questionTerms(query);
  const stats = known ?? (await statisticsOf(tx, kind, [...new Set(terms.map(({ term }) => term))]));
  const chunkCount = stats?.chunkCount ?? 0;
  const frequency = (term: string) => stats?.documentFrequency.get(term) ?? 0;
  const informative = new Map(terms.map(({ term }) => [term, informativeness(frequency(term), chunkCount)]));
  // Terms no chunk holds cannot be found in these either: only the others are looked up.
  const present = terms.filter(({ term }) => frequency(term) > 0);
  const held = new Map<string, Set<string>>();
  const ids = [...new Set(chunks.flatMap((chunk) => [String(chunk.id), ...chunk.context_ids]))];
  if (present.length > 0) {
    const { rows } = await sql<{ chunk_id: string; term: string }>`
      select t.chunk_id, t.term from text_chunk_terms t
      where t.tenant_id = ${tx.tenantId} and t.source_kind = ${kind}
        and t.term = any(${present.map(({ term }) => term)}::text[])
        and t.chunk_id = any(${ids}::bigint[])
    `.execute(tx);
    for (const row of rows) {
      const id = String(row.chunk_id);
      if (!held.has(id)) held.set(id, new Set());
      held.get(id)!.add(row.term);
    }
  }

  const byId = new Map(chunks.map((chunk) => [String(chunk.id), chunk]));
  const none = new Set<string>();
  return scored.flatMap((row) => {
    const chunk = byId.get(String(row.chunk_id));
    if (!chunk) return [];
    const own = held.get(String(chunk.id)) ?? none;
    const context = new Set(chunk.context_ids.flatMap((id) => [...(held.get(String(id)) ?? none)]));
    const title = chunk.first_id === null ? none : (held.get(String(chunk.first_id)) ?? none);
    let titleWeight = 0;
    for (const { term, weight } of present) {
      if (!own.has(term) && title.has(term))
        titleWeight += weight * inverseDocumentFrequency(frequency(term), chunkCount);
    }
    const passage: Passage = {
      sourceId: chunk.source_id,
      chunkIndex: chunk.chunk_index,
      page: chunk.page,
      text: chunk.text,
      score: row.score,
      coverage: weightedCoverage(terms, informative, own, context),
    };
    return [{ passage, titleWeight }];
  });
}

/** The chunks as passages (in the given order, scores as given) with their coverage of `query`. */
export async function passagesWithCoverage(
  tx: TenantTransaction,
  kind: IndexedSourceKind,
  query: string,
  scored: readonly ScoredChunk[],
): Promise<Passage[]> {
  return (await readPassages(tx, kind, query, scored)).map(({ passage }) => passage);
}

/** BM25 ranks this many chunks (at least) before the context is read and the best `limit` kept. */
const RERANK_POOL = 15;

/**
 * BM25 over bigrams: idf from the kind's statistics and the btree's counts, term frequency
 * saturated by k1 and normalised by the chunk's length (b). Every bigram of the question takes
 * part (IDF already makes grammar found everywhere weigh little; measured on the bench, ranking by
 * the coverage's weights instead ranked worse). The best chunks are then read in their document:
 * a question's words that only the first chunk of the source holds (its title) add CONTEXT_WEIGHT
 * of their idf, so that 「清掃業者との契約を解約するには」 puts the cleaning contract's clause before
 * the copier lease's.
 * Scores are divided by the best.
 */
export async function retrieveByBm25(
  tx: TenantTransaction,
  kind: IndexedSourceKind,
  query: string,
  limit: number,
): Promise<Passage[]> {
  const terms = bigramsOf(searchFold(query));
  if (terms.length === 0) return [];
  const wanted = [...new Set([...terms, ...questionTerms(query).map(({ term }) => term)])];
  const stats = await statisticsOf(tx, kind, wanted);
  if (!stats) return [];
  const weighted = terms
    .filter((term) => stats.documentFrequency.has(term))
    .map((term) => ({
      term,
      idf: inverseDocumentFrequency(stats.documentFrequency.get(term)!, stats.chunkCount),
    }));
  if (weighted.length === 0) return [];
  const { rows } = await sql<{ chunk_id: string; score: number }>`
    select t.chunk_id, sum(
      q.idf * t.frequency * ${BM25_K1 + 1}::float8
      / (t.frequency + ${BM25_K1}::float8
         * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * t.chunk_length / ${stats.averageLength}::float8))
    ) as score
    from unnest(${weighted.map((row) => row.term)}::text[], ${weighted.map((row) => row.idf)}::float8[]) as q (term, idf)
    join text_chunk_terms t
      on t.tenant_id = ${tx.tenantId} and t.source_kind = ${kind} and t.term = q.term collate "C"
    group by t.chunk_id
    order by score desc, t.chunk_id
    limit ${Math.max(limit * 3, RERANK_POOL)}
  `.execute(tx);
  const read = await readPassages(
    tx,
    kind,
    query,
    rows.map((row) => ({ chunk_id: row.chunk_id, score: Number(row.score) })),
    stats,
  );
  // Only the title's words count here, not the neighbours': the page before an answer must not
  // outrank the answer for holding its words next door. A stable sort: ties keep BM25's order.
  const ranked = read
    .map(({ passage, titleWeight }) => ({ passage, score: passage.score + CONTEXT_WEIGHT * titleWeight }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
  const best = ranked[0]?.score ?? 0;
  if (best <= 0) return [];
  return ranked.map(({ passage, score }) => ({ ...passage, score: score / best }));
}
