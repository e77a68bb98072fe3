import { sql } from 'kysely';
import { AiProviderError, type EmbeddingModel } from '../ai/provider';
import type { TenantTransaction } from '../db/tenant-scope';
import { passagesWithCoverage } from './offline-retrieval';
import type { Passage, QueryVector, RetrievalQuery } from './text-index';

// Vectors are stored and compared at unit length, so that cosine is a plain dot product.
export function unitLength(vector: readonly number[]): number[] {
  const norm = Math.hypot(...vector);
  return norm === 0 ? [...vector] : vector.map((value) => value / norm);
}

/** A question's vector, or null without embeddings or when the provider failed (BM25 then). */
export async function embedQuery(
  embeddings: EmbeddingModel | null,
  query: string,
): Promise<QueryVector | null> {
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
export async function retrieveByVector(
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
