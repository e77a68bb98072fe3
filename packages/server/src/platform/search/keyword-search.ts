import { sql } from 'kysely';
import type { TenantTransaction } from '../db/tenant-scope';
import { bigramsOf, foldWithOffsets, searchFold } from './fold';
import type { KeywordHit, KeywordQuery } from './text-index';
import './text-index.tables';

/** The snippet of a keyword hit: about this many characters, the first match this far in. */
const SNIPPET_LENGTH = 120;
const SNIPPET_LEAD = 30;

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

/**
 * Keyword search of one kind's chunks: every term as a substring of the folded text, the best
 * chunk of every matching source with its snippet, paged.
 */
export async function keywordSearch(
  tx: TenantTransaction,
  query: KeywordQuery,
): Promise<{ total: number; hits: KeywordHit[] }> {
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
