import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from '@tsumiki/ui';
import { RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export const STILL_TRYING = '読み込みに時間がかかっています。自動で再試行しています…';
export const WAITING_OFFLINE = 'オフラインのため、接続が戻るまで待っています…';

type PanelQuery<T> = Pick<
  UseQueryResult<T>,
  'data' | 'isSuccess' | 'isError' | 'error' | 'fetchStatus' | 'failureCount'
>;

export type PanelView<T> =
  | { kind: 'data'; data: T }
  | { kind: 'loading'; hint: string | null }
  | { kind: 'error'; error: Error; retrying: boolean };

/**
 * What a panel of the dashboard shows for its query: the data once it came (kept while it
 * refreshes); a skeleton while it loads, with a word once it takes retries or waits for the
 * network (never silence); after the last retry the error with 再試行, which stays in place (its
 * button busy) while a retry the user asked for runs. A failure never reads as 「データがありません」.
 */
export function panelView<T>(query: PanelQuery<T>, userRetrying: boolean): PanelView<T> {
  if (query.isSuccess) return { kind: 'data', data: query.data as T };
  if (query.isError && query.error && (userRetrying || query.fetchStatus === 'idle')) {
    return { kind: 'error', error: query.error, retrying: query.fetchStatus !== 'idle' };
  }
  if (query.fetchStatus === 'paused') return { kind: 'loading', hint: WAITING_OFFLINE };
  if (query.fetchStatus === 'fetching' && (query.failureCount > 0 || query.isError)) {
    return { kind: 'loading', hint: STILL_TRYING };
  }
  return { kind: 'loading', hint: null };
}

/** The panel's content for one query: skeleton, error with 再試行, or `children(data)`. */
export function QueryPanel<T>({
  query,
  skeleton,
  errorMessage,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton: ReactNode;
  /** 「顧客情報の読み込みに失敗しました: …」 */
  errorMessage: (error: Error) => string;
  children: (data: T) => ReactNode;
}) {
  const [userRetrying, setUserRetrying] = useState(false);
  const view = panelView(query, userRetrying);
  const container = useRef<HTMLDivElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);

  // A retry the user asked for has ended (its own promise, not the query's next render, which may
  // come a tick late): focus stays in the panel, on 再試行 again if it failed.
  const [retriesEnded, setRetriesEnded] = useState(0);
  useEffect(() => {
    if (retriesEnded === 0) return;
    if (retryButton.current) retryButton.current.focus();
    else container.current?.focus();
  }, [retriesEnded]);

  return (
    <div ref={container} tabIndex={-1} className="outline-none">
      {view.kind === 'data' ? (
        children(view.data)
      ) : view.kind === 'loading' ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {skeleton}
          {view.hint ? (
            <p role="status" className="text-xs text-muted-foreground">
              {view.hint}
            </p>
          ) : null}
        </div>
      ) : (
        <Alert variant="error" data-testid="dashboard-panel-error">
          <p className="break-words">{errorMessage(view.error)}</p>
          <Button
            ref={retryButton}
            variant="outline"
            size="sm"
            className="mt-2 w-fit"
            loading={view.retrying}
            onClick={async () => {
              setUserRetrying(true);
              await query.refetch();
              setUserRetrying(false);
              setRetriesEnded((count) => count + 1);
            }}
          >
            {view.retrying ? null : <RotateCw aria-hidden="true" />}
            再試行
          </Button>
        </Alert>
      )}
    </div>
  );
}
