import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { toFullWidthKatakana, toHalfWidthDigits } from '../../lib/kana';
import { useConvertingInput } from './use-converting-input';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

function KanaInput({ convert = toFullWidthKatakana }: { convert?: (text: string) => string }) {
  const [value, setValue] = useState('');
  const props = useConvertingInput(value, setValue, convert);
  return (
    <label>
      セイ
      <input {...props} />
    </label>
  );
}

describe('useConvertingInput', () => {
  it('converts hiragana and half-width katakana as the user types', async () => {
    render(<KanaInput />);
    const input = screen.getByRole('textbox', { name: 'セイ' });
    await userEvent.type(input, 'さとう');
    expect(input).toHaveValue('サトウ');
    await userEvent.type(input, ' ﾊﾅｺ');
    expect(input).toHaveValue('サトウ ハナコ');
  });

  it('leaves the text alone during an IME composition and converts when it ends', () => {
    render(<KanaInput />);
    const input = screen.getByRole('textbox', { name: 'セイ' });
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'さ' } });
    fireEvent.change(input, { target: { value: 'さと' } });
    // Converting now would break the IME's composition.
    expect(input).toHaveValue('さと');
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('サト');
  });

  it('keeps the caret where it was when a conversion shortens the text', async () => {
    render(<KanaInput />);
    const input = screen.getByRole('textbox', { name: 'セイ' }) as HTMLInputElement;
    await userEvent.type(input, 'かくｶ');
    expect(input).toHaveValue('カクカ');
    // A voiced mark typed after the first カ: カ + ﾞ becomes ガ, and the caret stays right after it.
    await userEvent.type(input, 'ﾞ', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input).toHaveValue('ガクカ');
    expect(input.selectionStart).toBe(1);
  });

  it('folds full-width digits for phone numbers', async () => {
    render(<KanaInput convert={toHalfWidthDigits} />);
    const input = screen.getByRole('textbox', { name: 'セイ' });
    await userEvent.type(input, '０３ー１２');
    expect(input).toHaveValue('03-12');
  });
});
