import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { reportError } from './capture';
import { ChunkLoadError } from './chunk-load';
import { CrashPage } from './route-crash';

vi.mock('./capture', () => ({ reportError: vi.fn(() => 'err-reported-1') }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CrashPage', () => {
  it('shows the crash screen with the id the crash was reported under', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    render(<CrashPage error={error} />);
    // The crash view is loaded on first use (lazy); its first import can take a while on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'アプリケーションエラー' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText('CRITICAL')).toBeVisible();
    expect(screen.getByText('err-reported-1')).toBeVisible();
    expect(reportError).toHaveBeenCalledWith(error, { kind: 'render', componentStack: undefined });
  });

  it('offers a reload, not a crash, when a chunk could not be loaded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new ChunkLoadError('Failed to fetch dynamically imported module: /assets/x.js');
    render(<CrashPage error={error} />);
    expect(screen.getByRole('heading', { level: 1, name: '新しいバージョンが公開されました' })).toBeVisible();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeVisible();
    expect(screen.queryByText('アプリケーションエラー')).toBeNull();
    expect(reportError).toHaveBeenCalledWith(error, { kind: 'route', componentStack: undefined });
  });

  it('says the screen could not be loaded when offline', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<CrashPage error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />);
    expect(screen.getByRole('heading', { level: 1, name: '画面を表示できませんでした' })).toBeVisible();
  });
});
