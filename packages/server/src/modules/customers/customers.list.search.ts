import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { hasBigram } from '../../platform/search/search-term';

/** The customer list's search: by the bigram index, by substring, by 診察券番号. */

/** What a term does to the statement: nothing, a substring check, or the bigram index first. */
export type TermUse = 'none' | 'substring' | 'bigrams';

export const termUse = (term: string | undefined): TermUse =>
  term === undefined ? 'none' : hasBigram(term) ? 'bigrams' : 'substring';

/** The values a search puts in its statement. */
export interface SearchValues {
  tenantId: string;
  search: string;
  /** The search as a 診察券番号 is written. */
  searchNumber: string;
  company: string;
  /** The one bigram of a search that is exactly one bigram once folded. */
  bigram: string;
}

/**
 * Customers whose terms of one scope contain every bigram of the term: an equality lookup in a
 * btree, which PostgreSQL uses under row-level security (GIN and LIKE it would not). The
 * substring check that follows removes candidates whose bigrams are all there but apart.
 * The whole search (scope 'a') also finds a 診察券番号 exactly: its one id joins the candidates
 * (a lookup in the number's unique index), so the plan stays a join on the candidates' ids.
 */
export function matchesTerm(scope: 'a' | 'c', use: TermUse, v: SearchValues): Expression<SqlBool> {
  const folded = sql`tsumiki_search_fold(${scope === 'a' ? v.search : v.company})`;
  const haystack =
    scope === 'a'
      ? sql`c.search_text`
      : sql`tsumiki_customer_company_fold(c.company_name, c.company_name_kana)`;
  const substring =
    scope === 'a'
      ? sql<SqlBool>`(strpos(${haystack}, ${folded}) > 0 or c.patient_number = ${v.searchNumber} collate "C")`
      : sql<SqlBool>`strpos(${haystack}, ${folded}) > 0`;
  if (use !== 'bigrams') return substring;
  const byNumber =
    scope === 'a'
      ? sql`union all
      select n.id from customers n
      where n.tenant_id = ${v.tenantId} and n.patient_number = ${v.searchNumber} collate "C"`
      : sql``;
  return sql<SqlBool>`c.id in (
      select t.customer_id from customer_search_terms t
      where t.tenant_id = ${v.tenantId} and t.scope = ${scope}
        and t.term = any(tsumiki_bigrams(${folded}))
      group by t.customer_id
      having count(*) = cardinality(tsumiki_bigrams(${folded}))
      ${byNumber}
    ) and ${substring}`;
}

/** A search term as a 診察券番号 is written: full-width folded, upper case (numbers are 4+ characters). */
export function patientNumberOf(term: string): string {
  return term.normalize('NFKC').trim().toUpperCase();
}

/** The postings of the one bigram in the terms index (scope 'a' the whole search, 'c' the company). */
export function postings(db: Kysely<Database>, scope: 'a' | 'c', v: SearchValues) {
  return db
    .selectFrom('customer_search_terms as t')
    .where('t.tenant_id', '=', v.tenantId)
    .where('t.scope', '=', scope)
    .where('t.term', '=', v.bigram);
}
