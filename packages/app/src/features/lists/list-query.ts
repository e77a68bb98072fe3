import type { ListUrlState, PagedListState } from './list-url-state';
import { usePageInRange } from './list-url-state';

/** What the list helpers read of a TanStack list query (kept with `keepPreviousData`). */
export interface ListQueryStatus<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The page a list shows (none on an error, whatever is cached), moved to the last page when the
 * URL asks for one past the end.
 */
export function useShownPage<S extends PagedListState, T extends { total: number }>(
  list: ListUrlState<S>,
  pageSize: number,
  query: ListQueryStatus<T>,
  rowsOf: (data: T) => readonly unknown[],
): T | undefined {
  const data = query.isError ? undefined : query.data;
  usePageInRange(list, pageSize, data && { total: data.total, rows: rowsOf(data) }, query.isPlaceholderData);
  return data;
}

/**
 * DataTable's `loading`, `error` and `onRetry` for a list query: skeleton rows on the first load
 * and while the rows on screen still answer the previous conditions.
 */
export function listTableStatus(query: ListQueryStatus<unknown>) {
  return {
    loading: query.isPending || (query.isFetching && query.isPlaceholderData),
    error: query.isError ? query.error?.message : undefined,
    onRetry: () => void query.refetch(),
  };
}

/**
 * The line over a list: while the rows still answer the previous conditions it says so rather
 * than pair the new label with the old count; empty until the first answer.
 */
export function listSummary<T>(
  query: ListQueryStatus<T>,
  data: T | undefined,
  describe: (data: T) => string,
  searching = '検索しています…',
): string {
  if (query.isPlaceholderData) return searching;
  return data ? describe(data) : '';
}
