import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../../i18n';
import type { DisplayError } from '../../lib/errors';
import { ErrorModal } from '../error-modal/error-modal';
import { SlowConnectionNotice } from '../slow-connection-notice/slow-connection-notice';
import { ErrorSnackbar } from './error-snackbar';

const base: DisplayError = {
  code: 'VAL_001',
  category: 'validation',
  severity: 'low',
  message: '入力内容に誤りがあります',
  request_id: 'req_1',
  validation_errors: [],
};

describe('ErrorSnackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides a LOW error after exactly 5000 ms', () => {
    const onDismiss = vi.fn();
    render(<ErrorSnackbar error={base} onDismiss={onDismiss} />);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('keeps MEDIUM and above until dismissed', () => {
    const onDismiss = vi.fn();
    render(<ErrorSnackbar error={{ ...base, severity: 'medium' }} onDismiss={onDismiss} />);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveAttribute('data-tone', 'warning');
  });

  it('shows the generic message for an empty validation list, with labels from the provider', () => {
    const { rerender } = render(<ErrorSnackbar error={base} onDismiss={() => {}} autoHideMs={null} />);
    expect(screen.getByText('入力データに問題があります')).toBeInTheDocument();
    rerender(
      <MessagesProvider messages={{ errors: { fieldLabels: { furigana: 'フリガナ' } } }}>
        <ErrorSnackbar
          error={{
            ...base,
            validation_errors: [
              { field: 'furigana', message: 'カタカナで入力してください' },
              { field: 'email', message: '必須です' },
            ],
          }}
          onDismiss={() => {}}
          autoHideMs={null}
        />
      </MessagesProvider>,
    );
    expect(screen.getByText('フリガナ: カタカナで入力してください')).toBeInTheDocument();
    // Extending the labels keeps the defaults.
    expect(screen.getByText('メールアドレス: 必須です')).toBeInTheDocument();
  });

  it('offers retry only for the listed codes and when a handler is given', () => {
    const { rerender } = render(
      <ErrorSnackbar
        error={{ ...base, severity: 'medium', code: 'NET_002' }}
        onDismiss={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: '再試行' })).toBeInTheDocument();
    rerender(
      <ErrorSnackbar
        error={{ ...base, severity: 'medium', code: 'AUTH_001' }}
        onDismiss={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
    rerender(<ErrorSnackbar error={{ ...base, severity: 'medium', code: 'NET_002' }} onDismiss={() => {}} />);
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
  });

  it('renders nothing while hidden', () => {
    const { container } = render(<ErrorSnackbar error={base} open={false} onDismiss={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('SlowConnectionNotice', () => {
  it('closes itself after 6 s', () => {
    vi.useFakeTimers();
    try {
      const onOpenChange = vi.fn();
      render(<SlowConnectionNotice open onOpenChange={onOpenChange} />);
      act(() => {
        vi.advanceTimersByTime(5999);
      });
      expect(onOpenChange).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onOpenChange).toHaveBeenCalledWith(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ErrorModal', () => {
  it('titles authentication, critical, high and other errors', () => {
    const { rerender } = render(
      <ErrorModal
        error={{ ...base, category: 'authentication', severity: 'high' }}
        open
        onOpenChange={() => {}}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: '認証エラー' })).toBeInTheDocument();
    rerender(
      <ErrorModal
        error={{ ...base, category: 'database', severity: 'critical' }}
        open
        onOpenChange={() => {}}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: '重大なエラー' })).toBeInTheDocument();
    rerender(
      <ErrorModal error={{ ...base, category: 'system', severity: 'high' }} open onOpenChange={() => {}} />,
    );
    expect(screen.getByRole('alertdialog', { name: 'システムエラー' })).toBeInTheDocument();
    rerender(
      <ErrorModal error={{ ...base, category: 'system', severity: 'medium' }} open onOpenChange={() => {}} />,
    );
    expect(screen.getByRole('alertdialog', { name: 'エラー' })).toBeInTheDocument();
  });
});
