import { act, cleanup, render, screen } from '@testing-library/react';
import { MessagesProvider } from '@tsumiki/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastsProvider, useToast } from './toasts';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

let api: ReturnType<typeof useToast>;
function Capture() {
  api = useToast();
  return null;
}

function setup() {
  render(
    <MessagesProvider>
      <ToastsProvider>
        <Capture />
      </ToastsProvider>
    </MessagesProvider>,
  );
}

describe('ToastsProvider', () => {
  it('loads no toast region until the first toast', () => {
    setup();
    expect(document.querySelector('[data-slot="toast-viewport"]')).toBeNull();
  });

  it('shows a toast raised before the region has loaded, and later ones at once', async () => {
    setup();
    act(() => {
      api.toast({ title: 'セッションを延長しました', variant: 'success' });
    });
    expect(await screen.findByText('セッションを延長しました')).toBeInTheDocument();
    act(() => {
      api.toast({ title: '保存しました' });
    });
    expect(await screen.findByText('保存しました')).toBeInTheDocument();
  });

  it('drops a queued toast dismissed before the region loads', async () => {
    setup();
    act(() => {
      const id = api.toast({ title: '取り消されたお知らせ' });
      api.dismiss(id);
      api.toast({ title: '残るお知らせ' });
    });
    expect(await screen.findByText('残るお知らせ')).toBeInTheDocument();
    expect(screen.queryByText('取り消されたお知らせ')).toBeNull();
  });
});
