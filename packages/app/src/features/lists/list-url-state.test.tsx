import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createContext, useContext } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { type PagedListState, useListUrlState, usePageInRange } from './list-url-state';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

interface State extends PagedListState {
  q: string;
}

function parse(params: URLSearchParams): State {
  const page = Number(params.get('page'));
  return { q: params.get('q') ?? '', page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

function serialize(state: State): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

interface Answer {
  total?: number;
  shownRows: number;
  placeholder?: boolean;
}

/** What the server answered: `total` rows, `shownRows` of them on this page (no answer without `total`). */
const AnswerContext = createContext<Answer>({ shownRows: 0 });

function List() {
  const { total, shownRows, placeholder = false } = useContext(AnswerContext);
  const list = useListUrlState(parse, serialize);
  const shown = total === undefined ? undefined : { total, rows: Array.from({ length: shownRows }) };
  usePageInRange(list, 20, shown, placeholder);
  return (
    <>
      <p data-testid="state">{JSON.stringify(list.state)}</p>
      <button type="button" onClick={() => list.update({ q: '山田', page: 1 })}>
        検索
      </button>
      <button type="button" onClick={() => list.update({ q: '佐藤' }, { replace: true })}>
        置き換え
      </button>
    </>
  );
}

function renderList(url: string, answer: Answer) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [url] });
  const view = render(
    <AnswerContext.Provider value={answer}>
      <RouterProvider router={router} />
    </AnswerContext.Provider>,
  );
  return {
    router,
    rerender: (next: Answer) =>
      view.rerender(
        <AnswerContext.Provider value={next}>
          <RouterProvider router={router} />
        </AnswerContext.Provider>,
      ),
  };
}

describe('useListUrlState', () => {
  it('reads the state from the URL with the defaults filled in', () => {
    renderList('/list?q=%E7%94%B0%E4%B8%AD&page=2', { total: 30, shownRows: 10 });
    expect(screen.getByTestId('state')).toHaveTextContent('{"q":"田中","page":2}');
  });

  it('writes a change over the state as a new history entry, or in place when asked', async () => {
    const { router } = renderList('/list?page=2', { total: 30, shownRows: 10 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '検索' })));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('山田')}`);
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByTestId('state')).toHaveTextContent('{"q":"山田","page":1}');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '置き換え' })));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('佐藤')}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('usePageInRange', () => {
  it('moves a page past the end to the last page, in place of it', async () => {
    const { router } = renderList('/list?q=a&page=5', { total: 45, shownRows: 0 });
    await act(async () => {});
    expect(router.state.location.search).toBe('?q=a&page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('moves to the first page when nothing is left', async () => {
    const { router } = renderList('/list?page=4', { total: 0, shownRows: 0 });
    await act(async () => {});
    expect(router.state.location.search).toBe('');
  });

  it('leaves the page alone while the rows still answer the previous state, or before any answer', async () => {
    const { router, rerender } = renderList('/list?page=5', { total: 45, shownRows: 0, placeholder: true });
    await act(async () => {});
    expect(router.state.location.search).toBe('?page=5');
    rerender({ total: undefined, shownRows: 0 });
    await act(async () => {});
    expect(router.state.location.search).toBe('?page=5');
    // The answer for this page arrives: it is past the end.
    rerender({ total: 45, shownRows: 0 });
    await act(async () => {});
    expect(router.state.location.search).toBe('?page=3');
  });

  it('leaves a page with rows alone', async () => {
    const { router } = renderList('/list?page=2', { total: 45, shownRows: 20 });
    await act(async () => {});
    expect(router.state.location.search).toBe('?page=2');
  });
});
