import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { QueryVector } from '../../platform/search/text-index';
import { findFolderSubtree } from '../folders';
import { findDocumentIdsByName, findDocumentIdsIn, findDocuments } from './documents.repository';
import type { DocumentServices } from './documents.service';
import type { DocumentRow } from './documents.tables';

export interface SearchHit {
  document: DocumentRow;
  snippet: string | null;
  highlights: { start: number; length: number }[];
  page: number | null;
  score: number | null;
}

/** How many matches of each kind are merged before paging (a clinic's document count is far below). */
const SEARCH_WINDOW = 500;

/**
 * Keyword search: documents whose text contains the term (with the best chunk's snippet and page),
 * then those that match only by file name or description (no snippet). `folderId` limits it to
 * that folder and every folder below.
 */
export async function searchDocuments(
  tx: TenantTransaction,
  services: DocumentServices,
  request: { query: string; folderId?: string | undefined; skip?: number; limit?: number },
): Promise<{ total: number; results: SearchHit[] }> {
  const query = request.query.normalize('NFC').trim();
  const skip = request.skip ?? 0;
  const limit = request.limit ?? 20;
  if (query === '') return { total: 0, results: [] };
  let within: string[] | undefined;
  if (request.folderId !== undefined) {
    within = await findDocumentIdsIn(tx, await findFolderSubtree(tx, request.folderId));
    if (within.length === 0) return { total: 0, results: [] };
  }
  const [text, byName] = await Promise.all([
    services.textIndex.keyword(tx, {
      kind: 'document',
      query,
      ...(within ? { sourceIds: within } : {}),
      skip: 0,
      limit: SEARCH_WINDOW,
    }),
    findDocumentIdsByName(tx, query.replaceAll('|', ''), {
      ...(within ? { within } : {}),
      limit: SEARCH_WINDOW,
    }),
  ]);
  const textIds = new Set(text.hits.map((hit) => hit.sourceId));
  const nameOnly = byName.filter((id) => !textIds.has(id));
  const merged = [
    ...text.hits.map((hit) => ({
      id: hit.sourceId,
      snippet: hit.snippet,
      highlights: hit.highlights,
      page: hit.page,
    })),
    ...nameOnly.map((id) => ({ id, snippet: null, highlights: [], page: null })),
  ];
  const total = Math.max(text.total, text.hits.length) + nameOnly.length;
  const page = merged.slice(skip, skip + limit);
  const rows = new Map(
    (
      await findDocuments(
        tx,
        page.map((hit) => hit.id),
      )
    ).map((row) => [row.id, row]),
  );
  const results: SearchHit[] = [];
  for (const hit of page) {
    const document = rows.get(hit.id);
    if (document)
      results.push({
        document,
        snippet: hit.snippet,
        highlights: hit.highlights,
        page: hit.page,
        score: null,
      });
  }
  return { total, results };
}

const SEMANTIC_SNIPPET = 200;

/** A semantic search's question as searched: NFC, trimmed. */
export function semanticQuery(query: string): string {
  return query.normalize('NFC').trim();
}

/** Passages close to a question, the best of each document, closest first. */
export async function semanticSearchDocuments(
  tx: TenantTransaction,
  services: DocumentServices,
  request: { query: string; vector: QueryVector | null; limit?: number },
): Promise<{ mode: 'openai' | 'offline'; results: SearchHit[] }> {
  const limit = request.limit ?? 10;
  const { mode, passages } = await services.textIndex.retrieve(tx, {
    kind: 'document',
    query: request.query,
    vector: request.vector,
    limit: limit * 3,
  });
  const best = new Map<string, (typeof passages)[number]>();
  for (const passage of passages) {
    const known = best.get(passage.sourceId);
    if (!known || passage.score > known.score) best.set(passage.sourceId, passage);
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  const rows = new Map(
    (
      await findDocuments(
        tx,
        ranked.map((passage) => passage.sourceId),
      )
    ).map((row) => [row.id, row]),
  );
  const results: SearchHit[] = [];
  for (const passage of ranked) {
    const document = rows.get(passage.sourceId);
    if (!document) continue;
    const text =
      passage.text.length > SEMANTIC_SNIPPET ? `${passage.text.slice(0, SEMANTIC_SNIPPET)}…` : passage.text;
    results.push({
      document,
      snippet: text,
      highlights: [],
      page: passage.page,
      score: Math.min(1, Math.max(0, passage.score)),
    });
  }
  return { mode, results };
}
