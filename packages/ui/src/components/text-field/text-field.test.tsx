import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('wires label, description and error to the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <TextField
        ref={ref}
        label="メールアドレス"
        type="email"
        required
        description="ログインに使うアドレス"
        error="メールアドレスの形式が正しくありません"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'メールアドレス' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'ログインに使うアドレス メールアドレスの形式が正しくありません',
    );
    expect(screen.getByText('必須')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is not invalid without an error', () => {
    render(<TextField label="氏名" />);
    const input = screen.getByRole('textbox', { name: '氏名' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('必須')).toBeNull();
  });
});
