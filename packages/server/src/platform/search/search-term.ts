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
