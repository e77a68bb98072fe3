import { type Expression, type SqlBool, sql } from 'kysely';
import type { TenantTransaction } from '../db/tenant-scope';

/**
 * A search box's text as the list queries take it: '|' removed (it separates the folded columns
 * in the search index), trimmed; undefined when nothing is left. Every list with a `search`
 * parameter reads it through here.
 */
export function searchTerm(value: string | undefined): string | undefined {
  const trimmed = value?.replaceAll('|', '').trim();
  return trimmed ? trimmed : undefined;
}

/** Whether a term is long enough to have a bigram, i.e. to use the bigram index at all. */
export function hasBigram(term: string): boolean {
  return [...term].length >= 2;
}

/** The direction of a list's sort, as the contract's `sort_order`. */
export type SortOrder = 'asc' | 'desc';

/** Where a list's search looks: its alias, and its table of bigram postings (`<table>(tenant_id, <key>, term)`). */
export interface SearchTermsSource {
  /** The listed table's alias in the query, whose `id` and `search_text` are matched (e.g. 'p'). */
  alias: string;
  /** The postings table, e.g. 'product_search_terms'. */
  terms: string;
  /** Its column naming the listed row, e.g. 'product_id'. */
  key: string;
}

/**
 * Rows whose search text contains every bigram of `term` (an equality lookup in the postings'
 * btree, which PostgreSQL uses under row-level security where GIN and LIKE it would not), then
 * the substring itself: the bigrams may all be there but apart. Identifiers come from code only.
 */
export function matchesSearchTerms(
  tx: TenantTransaction,
  term: string,
  { alias, terms, key }: SearchTermsSource,
): Expression<SqlBool> {
  const folded = sql`tsumiki_search_fold(${term})`;
  const substring = sql<SqlBool>`strpos(${sql.raw(`${alias}.search_text`)}, ${folded}) > 0`;
  if (!hasBigram(term)) return substring;
  return sql<SqlBool>`${sql.raw(`${alias}.id`)} in (
      select ${sql.raw(`t.${key}`)} from ${sql.raw(terms)} t
      where t.tenant_id = ${tx.tenantId} and t.term = any(tsumiki_bigrams(${folded}))
      group by ${sql.raw(`t.${key}`)}
      having count(*) = cardinality(tsumiki_bigrams(${folded}))
    ) and ${substring}`;
}
