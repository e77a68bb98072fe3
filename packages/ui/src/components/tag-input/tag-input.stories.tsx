import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { TagInput, type TagInputProps } from './tag-input';

/** A controlled TagInput that also reports every change to `onValueChange`. */
function Controlled({ value: initial, onValueChange, ...props }: TagInputProps) {
  const [tags, setTags] = useState<string[]>([...initial]);
  return (
    <TagInput
      {...props}
      value={tags}
      onValueChange={(next) => {
        setTags(next);
        onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/TagInput',
  component: TagInput,
  tags: ['autodocs'],
  args: { label: 'タグ', value: [], onValueChange: fn(), maxTags: 20, maxTagLength: 30 },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof TagInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const tagList = (canvas: ReturnType<typeof within>) => canvas.queryByRole('list', { name: '追加したタグ' });

/** Enter adds, Backspace on an empty input removes the last tag, × removes one. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'タグ' });
    await expect(input).toHaveAccessibleDescription('入力して Enter で追加、Backspace で最後のタグを削除');
    await userEvent.type(input, '定期検診{Enter}');
    await userEvent.type(input, ' 紹介 {Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['定期検診', '紹介']);
    await expect(input).toHaveValue('');
    await expect(within(tagList(canvas)!).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.keyboard('{Backspace}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['定期検診']);
    await userEvent.click(canvas.getByRole('button', { name: '定期検診 を削除' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith([]);
    await expect(tagList(canvas)).toBeNull();
    await expect(input).toHaveFocus();
  },
};

/** The Enter that confirms an IME conversion does not add a tag; the next Enter does. */
export const ImeComposition: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'タグ' });
    input.focus();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'けんしん' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: true });
    fireEvent.change(input, { target: { value: '健診' } });
    fireEvent.compositionEnd(input);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(input).toHaveValue('健診');
    // Backspace while composing deletes kana, not a tag.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['健診']);
  },
};

/** Tags already there (editing a customer). */
export const Prefilled: Story = {
  args: { value: ['定期検診', 'VIP', '紹介（山田様）'] },
  play: async ({ canvas }) => {
    await expect(within(tagList(canvas)!).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'VIP を削除' })).toBeEnabled();
  },
};

/** A duplicate is refused with a visible, announced note. */
export const Duplicate: Story = {
  args: { value: ['VIP'] },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'タグ' });
    await userEvent.type(input, 'VIP{Enter}');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(canvas.getByText('VIP はすでに追加されています')).toBeVisible();
    await expect(input).toHaveAccessibleDescription(/VIP はすでに追加されています/);
    // Typing again clears the note.
    await userEvent.type(input, 'あ');
    await expect(canvas.queryByText('VIP はすでに追加されています')).toBeNull();
  },
};

/** At the limit a new tag is refused and the typed text is kept. */
export const LimitReached: Story = {
  args: { value: ['A', 'B'], maxTags: 2 },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'タグ' });
    await userEvent.type(input, 'C{Enter}');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(canvas.getByText('タグは 2 個までです')).toBeVisible();
    await expect(input).toHaveValue('C');
  },
};

/** A tag longer than the limit is refused and kept for editing. */
export const TooLong: Story = {
  args: { maxTagLength: 5 },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'タグ' });
    await userEvent.type(input, 'とても長いタグです{Enter}');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(canvas.getByText('タグは 1 つ 5 文字以内です')).toBeVisible();
  },
};

/** Leaving the field adds what was typed, so nothing is lost. */
export const AddsOnBlur: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'タグ' }), '要連絡');
    await userEvent.tab();
    await waitFor(() => expect(args.onValueChange).toHaveBeenLastCalledWith(['要連絡']));
  },
};

export const WithError: Story = {
  args: { value: ['VIP'], error: 'タグは20個までです', required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /タグ/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/タグは20個までです/);
  },
};

export const Disabled: Story = {
  args: { value: ['VIP'], disabled: true, description: '権限がないため変更できません' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'タグ' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'VIP を削除' })).toBeDisabled();
  },
};
