import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** What every list keeps in its URL besides its own filters: the 1-based page. */
export interface PagedListState {
  page: number;
}

export interface ListUrlState<S extends PagedListState> {
  params: URLSearchParams;
  /** The state the URL asks for, defaults filled in. */
  state: S;
  /** Writes `patch` over the state into the URL: a new history entry unless `replace`. */
  update: (patch: Partial<S>, options?: { replace?: boolean }) => void;
}

/**
 * A list screen's state, kept in the URL (back, reload and a shared link show the same page):
 * `parse` reads it from the query string, `serialize` writes it without the defaults. Both are
 * the list's module-level functions (features/<list>/<list>-list-state.ts).
 */
export function useListUrlState<S extends PagedListState>(
  parse: (params: URLSearchParams) => S,
  serialize: (state: S) => URLSearchParams,
): ListUrlState<S> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [parse, params]);
  const update = useCallback(
    (patch: Partial<S>, options: { replace?: boolean } = {}) =>
      setParams(serialize({ ...state, ...patch }), { replace: options.replace ?? false }),
    [serialize, setParams, state],
  );
  return { params, state, update };
}

/**
 * A page past the end (after deletions, or an old link) moves to the last page, in place of the
 * empty one. `shown` is the page the server answered (undefined while there is none, or on an
 * error); `placeholder` is true while it still answers the previous state.
 */
export function usePageInRange<S extends PagedListState>(
  { state, update }: ListUrlState<S>,
  pageSize: number,
  shown: { total: number; rows: readonly unknown[] } | undefined,
  placeholder: boolean,
): void {
  const lastPage = shown ? Math.max(1, Math.ceil(shown.total / pageSize)) : 1;
  const pastTheEnd = shown !== undefined && !placeholder && shown.rows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage } as Partial<S>, { replace: true });
  }, [pastTheEnd, lastPage, update]);
}
