import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, RootRoute, routeTitle } from './route-focus';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

describe('documentTitle', () => {
  it('is the title of paths.ts and the brand', () => {
    expect(documentTitle('/')).toBe('ダッシュボード | 積み木');
    expect(documentTitle('/customers')).toBe('顧客管理 | 積み木');
    expect(documentTitle('/customers/3f2a')).toBe('顧客詳細 | 積み木');
    expect(documentTitle('/login')).toBe('ログイン | 積み木');
    expect(documentTitle('/login-success')).toBe('ログインしました | 積み木');
    expect(documentTitle('/auth/callback')).toBe('認証中 | 積み木');
    expect(documentTitle('/no-such-page')).toBe('積み木');
    expect(routeTitle('/customers/')).toBe('顧客管理');
  });
});

// A screen whose heading arrives late, as a lazy screen behind a spinner does.
const SlowCustomers = lazy(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { default: () => <h1>顧客管理</h1> };
});

function Dashboard() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>ダッシュボード</h1>
      <input
        aria-label="検索"
        value={params.get('q') ?? ''}
        onChange={(event) => setParams({ q: event.target.value })}
      />
      <Link to="/customers">顧客へ</Link>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        Component: RootRoute,
        children: [
          { path: '/', Component: Dashboard },
          {
            path: '/customers',
            element: (
              <Suspense fallback={<p>読み込み中</p>}>
                <SlowCustomers />
              </Suspense>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RootRoute', () => {
  it('sets the title on the first load without taking focus', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'ダッシュボード' });
    expect(document.title).toBe('ダッシュボード | 積み木');
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new screen’s heading once it appears, without a focus ring', async () => {
    renderApp();
    const link = await screen.findByRole('link', { name: '顧客へ' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Enter' });
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: '顧客管理' });
    expect(document.title).toBe('顧客管理 | 積み木');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading.style.outlineStyle).toBe('none');
  });

  it('leaves focus in a field that writes its value to the address', async () => {
    renderApp();
    const input = await screen.findByRole('textbox', { name: '検索' });
    input.focus();
    fireEvent.keyDown(input, { key: 'a' });
    fireEvent.change(input, { target: { value: 'さとう' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(input);
    expect(document.title).toBe('ダッシュボード | 積み木');
  });

  it('does not take focus on a redirect before the user has done anything', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'ダッシュボード' });
    await act(() => router.navigate('/customers', { replace: true }));
    await screen.findByRole('heading', { name: '顧客管理' });
    expect(document.title).toBe('顧客管理 | 積み木');
    expect(document.activeElement).toBe(document.body);
  });
});
