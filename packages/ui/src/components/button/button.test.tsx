import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('does not submit forms unless asked to', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>保存</Button>
        <Button type="submit">送信</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: '保存' })).toHaveAttribute('type', 'button');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy, disabled and announces 処理中 outside itself', async () => {
    vi.useFakeTimers();
    try {
      const onClick = vi.fn();
      render(
        <Button loading onClick={onClick}>
          保存
        </Button>,
      );
      const button = screen.getByRole('button', { name: '保存' });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button.querySelector('[data-slot="spinner"]')).toHaveAttribute('aria-hidden', 'true');
      await act(async () => {
        vi.advanceTimersByTime(150);
      });
      const status = screen.getByRole('status');
      expect(status).toHaveTextContent('処理中');
      expect(button).not.toContainElement(status);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders its child with asChild and adds the caller className', () => {
    render(
      <Button asChild variant="outline" className="w-full">
        <a href="/customers">顧客一覧</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: '顧客一覧' });
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link).not.toHaveAttribute('type');
    expect(link.className).toContain('w-full');
    expect(link.className).toContain('px-4');
  });

  it('leaves a variant out with null, so that the caller brings its own classes', () => {
    render(
      <Button variant={null} size={null} className="h-10 px-8 text-sm text-primary-subtle-foreground">
        後で
      </Button>,
    );
    const button = screen.getByRole('button', { name: '後で' });
    expect(button.className).toContain('px-8');
    expect(button.className).not.toContain('px-4');
    expect(button.className).not.toContain('text-primary-foreground');
    expect(button).not.toHaveAttribute('data-variant');
    expect(button).not.toHaveAttribute('data-size');
  });
});

describe('Button with disabledReason', () => {
  it('stays focusable, is aria-disabled, describes the reason and ignores click, Enter and Space', async () => {
    const onClick = vi.fn();
    render(
      <Button disabledReason="権限がありません" onClick={onClick}>
        招待する
      </Button>,
    );
    const button = screen.getByRole('button', { name: '招待する' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('権限がありません');
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('wins over disabled, and a plain disabled button is still removed from the tab order', () => {
    render(
      <>
        <Button disabled disabledReason="理由">
          理由つき
        </Button>
        <Button disabled>無効</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: '理由つき' })).not.toBeDisabled();
    expect(screen.getByRole('button', { name: '無効' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '無効' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps a locked submit button from submitting', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" disabledReason="理由">
          送信
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a caller aria-describedby next to the reason', () => {
    render(
      <>
        <p id="hint">補足</p>
        <Button aria-describedby="hint" disabledReason="理由">
          保存
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: '保存' })).toHaveAccessibleDescription('補足 理由');
  });
});
