import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tsumiki/api-client';
import { MessagesProvider } from '@tsumiki/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorDisplayProvider, useErrorDisplay } from './error-display';
import '@testing-library/jest-dom/vitest';

// The error reports are tested on their own (error-reporter.test.ts); here only that they are fed.
vi.mock('./capture', () => ({ reportError: vi.fn(() => 'err-test') }));

// The snackbar's chunk cannot be fetched, as when the network has just gone away.
vi.mock('./error-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

let display: ReturnType<typeof useErrorDisplay>;
function Capture() {
  display = useErrorDisplay();
  return null;
}

describe('ErrorDisplayProvider without its snackbar chunk', () => {
  it('still shows the message, and hides it on 閉じる', async () => {
    render(
      <MessagesProvider>
        <ErrorDisplayProvider onAuthenticationError={() => {}}>
          <Capture />
        </ErrorDisplayProvider>
      </MessagesProvider>,
    );
    act(() =>
      display.report(
        new ApiError(503, {
          code: 'NET_001',
          category: 'network',
          severity: 'medium',
          message: 'サーバーに接続できませんでした。',
          suggestion: null,
          timestamp: '2026-11-22T01:00:00.000Z',
          context: null,
          request_id: 'req-1',
          path: '/api/customers',
        }),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('サーバーに接続できませんでした。');
    // The plain notice, not ui's snackbar.
    expect(document.querySelector('[data-slot="error-snackbar"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
