import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { groupSecret, normalizeOneTimeCode } from './one-time-code';
import { OneTimeCodeInput } from './one-time-code-input';

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <OneTimeCodeInput
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('normalizeOneTimeCode', () => {
  it('turns full-width digits to ASCII, drops the rest, keeps six', () => {
    expect(normalizeOneTimeCode('１２３ ４５６')).toBe('123456');
    expect(normalizeOneTimeCode('123-456-789')).toBe('123456');
    expect(normalizeOneTimeCode('abc')).toBe('');
  });
});

describe('groupSecret', () => {
  it('groups the key by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });
});

describe('OneTimeCodeInput', () => {
  it('leaves an IME composition alone and converts it when it ends', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('確認コード');
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '１２' } });
    expect(input).toHaveValue('１２');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('12');
    expect(onChange).toHaveBeenLastCalledWith('12');
  });

  it('takes a pasted 「123 456」 as 123456', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('確認コード');
    await userEvent.click(input);
    await userEvent.paste('123 456');
    expect(input).toHaveValue('123456');
  });
});
