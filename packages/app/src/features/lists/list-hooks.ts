import { useEffect, useRef, useState } from 'react';
import { type ListUrlState, type PagedListState, usePageInRange } from './list-url-state';

// The list screens' shared hooks live in one module: the app's entry lists every shared chunk's
// file name for preloading, so a module per hook would cost the first screen's budget.

/**
 * True from the first time `open` is true. A lazy dialog renders only once it has been opened
 * (its chunk loads then), and stays mounted afterwards so that it can animate out and return focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

export interface UrlSearch {
  /** The box's `key`: it changes when the URL changes without the box (back/forward, 条件をクリア). */
  key: number;
  /** The box's controlled text. */
  text: string;
  setText: (text: string) => void;
  /** Call with what the box writes into the URL, before writing it. */
  markEmitted: (value: string) => void;
  /** Empties the box and starts it again, even when the URL's value is already empty (条件をクリア). */
  reset: () => void;
}

/**
 * Keeps a search box (or any text filter) in step with its URL parameter: what the user types
 * stays while it is being searched; a change the box did not make (back/forward, 条件をクリア)
 * replaces the text and remounts the box (`key`) so that it starts again from the URL's value.
 */
export function useUrlSearch(value: string): UrlSearch {
  const [text, setText] = useState(value);
  const [key, setKey] = useState(0);
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
      setKey((current) => current + 1);
    }
  }, [value]);
  return {
    key,
    text,
    setText,
    markEmitted: (next) => {
      emitted.current = next;
    },
    reset: () => {
      emitted.current = '';
      setText('');
      setKey((current) => current + 1);
    },
  };
}

export interface ConfirmTarget<T> {
  /** The row the confirmation is about; null while it is closed. */
  target: T | null;
  /** Why the last try failed, shown in the dialog (which stays open for another). */
  error: string | null;
  /** Opens the confirmation for `target`, without the previous error. */
  ask: (target: T) => void;
  /** ConfirmDialog's `open`, `onOpenChange` and `onConfirm`. */
  dialogProps: {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onConfirm: () => Promise<void>;
  };
}

/**
 * A row action confirmed in a dialog (削除, 無効にする, 取り消し): `run` does it; when it throws,
 * `errorMessage` says why in the dialog and the dialog stays open.
 */
export function useConfirmTarget<T>(
  run: (target: T) => Promise<void>,
  errorMessage: (error: unknown) => string,
): ConfirmTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    target,
    error,
    ask: (next) => {
      setError(null);
      setTarget(next);
    },
    dialogProps: {
      open: target !== null,
      onOpenChange: (open) => {
        if (!open) setTarget(null);
      },
      onConfirm: async () => {
        if (target === null) return;
        setError(null);
        try {
          await run(target);
        } catch (caught) {
          setError(errorMessage(caught));
          throw caught;
        }
      },
    },
  };
}

/** The message of a thrown Error, or `fallback` for anything else. */
export function errorMessageOr(fallback: string): (error: unknown) => string {
  return (error) => (error instanceof Error ? error.message : fallback);
}

export interface FormDialog<M> {
  /** The form's mode (create, or edit which row) and whether it is open; null until first opened. */
  form: { open: boolean; mode: M } | null;
  show: (mode: M) => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * A list's lazy create/edit dialog: rendered from the first time it opens (its chunk loads then)
 * and kept with its last mode while it closes, so that it can animate out and return focus.
 */
export function useFormDialog<M>(): FormDialog<M> {
  const [form, setForm] = useState<{ open: boolean; mode: M } | null>(null);
  return {
    form,
    show: (mode) => setForm({ open: true, mode }),
    onOpenChange: (open) => setForm((current) => (current ? { ...current, open } : current)),
  };
}

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
