import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it.each([
    ['error', 'alert'],
    ['warning', 'alert'],
    ['info', 'status'],
    ['success', 'status'],
  ] as const)('%s uses role=%s', (variant, role) => {
    render(<Alert variant={variant} title="件名" description="本文" />);
    const alert = screen.getByRole(role);
    expect(alert).toHaveAttribute('data-variant', variant);
    expect(alert).toHaveTextContent('件名本文');
  });

  it('renders plain children after the title', () => {
    render(
      <Alert variant="error" title="ユーザー情報を読み込めませんでした">
        通信エラー
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('ユーザー情報を読み込めませんでした通信エラー');
    expect(screen.getByRole('alert')).not.toHaveAttribute('title');
  });
});
