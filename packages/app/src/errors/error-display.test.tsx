import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@tsumiki/api-client';
import { MessagesProvider } from '@tsumiki/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorDisplayProvider, MAX_RETRIES, useErrorDisplay } from './error-display';
import '@testing-library/jest-dom/vitest';
import { reportError } from './capture';

// The error reports are tested on their own (error-reporter.test.ts); here only that they are fed.
vi.mock('./capture', () => ({ reportError: vi.fn(() => 'err-test') }));

import { cleanup } from '@testing-library/react';

afterEach(cleanup);

function apiError(code: string, message: string, overrides: Partial<ApiError['body']> = {}) {
  return new ApiError(503, {
    code,
    category: 'network',
    severity: 'medium',
    message,
    suggestion: null,
    timestamp: '2026-11-22T01:00:00.000Z',
    context: null,
    request_id: 'req-1',
    path: '/api/customers',
    ...overrides,
  });
}

let display: ReturnType<typeof useErrorDisplay>;
function Capture() {
  display = useErrorDisplay();
  return null;
}

function setup() {
  const onAuthenticationError = vi.fn();
  render(
    <MessagesProvider>
      <ErrorDisplayProvider onAuthenticationError={onAuthenticationError}>
        <Capture />
      </ErrorDisplayProvider>
    </MessagesProvider>,
  );
  return { onAuthenticationError };
}

describe('ErrorDisplayProvider', () => {
  it('shows an API error in the snackbar and hides it on dismiss', async () => {
    setup();
    const error = apiError('SYS_001', 'システムエラーが発生しました。');
    act(() => display.report(error));
    expect(await screen.findByText('システムエラーが発生しました。')).toBeVisible();
    expect(reportError).toHaveBeenCalledWith(error, { kind: 'display' });
  });

  it('sends an authentication error to the authentication handler instead of showing it', () => {
    const { onAuthenticationError } = setup();
    act(() => display.report(apiError('AUTH_001', 'ログインが必要です。', { category: 'authentication' })));
    expect(onAuthenticationError).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('ログインが必要です。')).toBeNull();
  });

  it('only logs what is not an API error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup();
    const error = new TypeError('x is undefined');
    act(() => display.report(error));
    expect(log).toHaveBeenCalled();
    expect(reportError).toHaveBeenCalledWith(error, { kind: 'display' });
    expect(screen.queryByRole('alert')).toBeNull();
    log.mockRestore();
  });

  it('retries a retryable error: success clears it', async () => {
    setup();
    const run = vi.fn(async () => 'ok');
    act(() => display.report(apiError('NET_001', '接続できませんでした。'), { key: 'save', run }));
    await userEvent.click(await screen.findByRole('button', { name: '再試行' }));
    expect(run).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByText('接続できませんでした。')).toBeNull());
  });

  it(`marks a failed retry and stops offering retry after ${MAX_RETRIES} attempts`, async () => {
    setup();
    const run = vi.fn(async () => {
      throw apiError('NET_001', 'まだ接続できません。');
    });
    act(() => display.report(apiError('NET_001', '接続できませんでした。'), { key: 'save', run }));
    for (let attempt = 1; attempt <= MAX_RETRIES; attempt += 1) {
      await userEvent.click(await screen.findByRole('button', { name: '再試行' }));
      await screen.findByText('まだ接続できません。');
    }
    expect(run).toHaveBeenCalledTimes(MAX_RETRIES);
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
  });

  it('offers no retry for a code outside the retryable list', async () => {
    setup();
    act(() =>
      display.report(apiError('VAL_001', '入力内容に誤りがあります。'), { key: 'save', run: async () => {} }),
    );
    await screen.findByText('入力内容に誤りがあります。');
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
  });
});
