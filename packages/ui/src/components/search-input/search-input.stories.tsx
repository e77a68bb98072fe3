import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor } from 'storybook/test';
import { matchesSearch } from '../../lib/normalize';
import { SearchInput } from './search-input';

const meta = {
  title: 'Components/SearchInput',
  component: SearchInput,
  tags: ['autodocs'],
  args: { label: '顧客を検索', placeholder: '氏名・フリガナ・電話番号', onSearch: fn(), debounceMs: 300 },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing searches once, 300 ms after the last key; Enter searches at once; × clears. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('searchbox', { name: '顧客を検索' });
    await userEvent.type(input, 'ﾔﾏﾀﾞ');
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledTimes(1));
    // Half-width katakana is folded for matching.
    await expect(args.onSearch).toHaveBeenLastCalledWith('ﾔﾏﾀﾞ', 'やまだ');
    await userEvent.type(input, ' ﾀﾛｳ{Enter}');
    await expect(args.onSearch).toHaveBeenLastCalledWith('ﾔﾏﾀﾞ ﾀﾛｳ', 'やまだ たろう');
    await userEvent.click(canvas.getByRole('button', { name: '検索語を消去' }));
    await expect(input).toHaveValue('');
    await expect(args.onSearch).toHaveBeenLastCalledWith('', '');
    await expect(input).toHaveFocus();
  },
};

/** The Enter that confirms an IME conversion (isComposing / keyCode 229) does not search. */
export const ImeComposition: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('searchbox', { name: '顧客を検索' });
    input.focus();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'やまだ' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: true });
    await new Promise((resolve) => setTimeout(resolve, 450));
    // Neither the Enter nor the debounce fired during composition.
    await expect(args.onSearch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '山田' } });
    fireEvent.compositionEnd(input);
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('山田', '山田'));
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    // Same text: no second search.
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
  },
};

const customers = [
  '山田 太郎（ヤマダ タロウ）',
  '鈴木 一郎（スズキ イチロウ）',
  '高橋 美咲（タカハシ ミサキ）',
  'ＡＢＣ商事 山本',
];

/** Filtering a list with the normalised query: kana, width and case do not matter. */
export const FilteringAList: Story = {
  render: function FilteringStory(args) {
    const [query, setQuery] = useState('');
    const shown = customers.filter((name) => matchesSearch(name, query));
    return (
      <div className="grid gap-3">
        <SearchInput
          {...args}
          onSearch={(raw, normalized) => {
            args.onSearch?.(raw, normalized);
            setQuery(raw);
          }}
          debounceMs={100}
        />
        <ul aria-label="検索結果" className="grid gap-1 text-sm">
          {shown.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    );
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('searchbox', { name: '顧客を検索' });
    await userEvent.type(input, 'すずき');
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await expect(canvas.getByRole('listitem')).toHaveTextContent('鈴木 一郎');
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    await waitFor(() => expect(canvas.getByRole('listitem')).toHaveTextContent('ＡＢＣ商事'));
  },
};

export const Loading: Story = {
  args: { defaultValue: '山田', loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: '読み込み中' })).toBeVisible();
  },
};
