import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyField } from './copy-field';

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value });
}

afterEach(() => {
  if (original) Object.defineProperty(navigator, 'clipboard', original);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

describe('CopyField', () => {
  it('writes the value, says コピーしました for 2 s, then コピー again', async () => {
    const writeText = vi.fn(async () => {});
    const onCopied = vi.fn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      // After setup, which installs its own clipboard stub.
      setClipboard({ writeText });
      render(<CopyField label="招待リンク" value="https://example.jp/i/abc" onCopied={onCopied} />);
      await user.click(screen.getByRole('button', { name: 'コピー' }));
      expect(writeText).toHaveBeenCalledWith('https://example.jp/i/abc');
      expect(onCopied).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'コピーしました' })).toBeInTheDocument();
      // Flush the effect that starts the 2 s timer.
      await act(async () => {});
      await act(async () => {
        vi.advanceTimersByTime(1500);
      });
      expect(screen.getByRole('button', { name: 'コピーしました' })).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(600);
      });
      expect(screen.getByRole('button', { name: 'コピー' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a clipboard selects the text and asks to copy it by hand', async () => {
    setClipboard(undefined);
    const onCopied = vi.fn();
    render(<CopyField label="招待リンク" value="https://example.jp/i/abc" onCopied={onCopied} />);
    await userEvent.click(screen.getByRole('button', { name: 'コピー' }));
    const input = screen.getByRole('textbox', { name: '招待リンク' }) as HTMLInputElement;
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription('コピーできませんでした。選択された文字をコピーしてください');
    expect(onCopied).not.toHaveBeenCalled();
  });
});
