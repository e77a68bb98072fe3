import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MessagesProvider } from '@tsumiki/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { panelView, QueryPanel, STILL_TRYING, WAITING_OFFLINE } from './query-panel';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

const base = { data: undefined, isSuccess: false, isError: false, error: null, failureCount: 0 } as const;

describe('panelView', () => {
  it('shows a plain skeleton on the first attempt, and says so once it retries or waits', () => {
    expect(panelView({ ...base, fetchStatus: 'fetching' }, false)).toEqual({ kind: 'loading', hint: null });
    expect(panelView({ ...base, fetchStatus: 'fetching', failureCount: 1 }, false)).toEqual({
      kind: 'loading',
      hint: STILL_TRYING,
    });
    expect(panelView({ ...base, fetchStatus: 'paused' }, false)).toEqual({
      kind: 'loading',
      hint: WAITING_OFFLINE,
    });
  });

  it('shows the error once the retries are over, never as no data', () => {
    const error = new Error('サーバーエラー');
    expect(panelView({ ...base, isError: true, error, fetchStatus: 'idle' }, false)).toEqual({
      kind: 'error',
      error,
      retrying: false,
    });
    // A failed prefetch refetched on mount is loading with the hint, not an error yet.
    expect(panelView({ ...base, isError: true, error, fetchStatus: 'fetching' }, false)).toEqual({
      kind: 'loading',
      hint: STILL_TRYING,
    });
    // The user pressed 再試行: the error stays, its button busy.
    expect(panelView({ ...base, isError: true, error, fetchStatus: 'fetching' }, true)).toEqual({
      kind: 'error',
      error,
      retrying: true,
    });
  });
});

function Count({ fetchCount }: { fetchCount: () => Promise<{ total: number }> }) {
  const query = useQuery({ queryKey: ['count'], queryFn: fetchCount, retry: false });
  return (
    <QueryPanel
      query={query}
      skeleton={<div data-testid="skeleton" />}
      errorMessage={(error) => `顧客情報の読み込みに失敗しました: ${error.message}`}
    >
      {(data) => <p>{data.total} 件</p>}
    </QueryPanel>
  );
}

describe('QueryPanel', () => {
  it('shows the error with 再試行, which refetches that query and shows the figure', async () => {
    let calls = 0;
    const fetchCount = async () => {
      calls += 1;
      if (calls === 1) throw new Error('サーバーに接続できません');
      return { total: 36 };
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessagesProvider>
          <Count fetchCount={fetchCount} />
        </MessagesProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('顧客情報の読み込みに失敗しました: サーバーに接続できません');
    expect(screen.queryByText('データがありません')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('36 件')).toBeInTheDocument();
    expect(calls).toBe(2);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
