import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { FeedbackButtons, type FeedbackValue } from './feedback-buttons';

const meta = {
  title: 'Components/FeedbackButtons',
  component: FeedbackButtons,
  tags: ['autodocs'],
  args: { value: null, onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof FeedbackButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rating, then a comment; the saved state shows after each save. */
export const Playground: Story = {
  render: function PlaygroundStory(args) {
    const [value, setValue] = useState<FeedbackValue | null>(args.value);
    return (
      <FeedbackButtons
        {...args}
        value={value}
        onSubmit={async (next) => {
          await args.onSubmit(next);
          setValue(next);
        }}
      />
    );
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '役に立った' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ isHelpful: true, comment: null });
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('評価を保存しました（役に立った）'),
    );
    await expect(canvas.getByRole('button', { name: '役に立った' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'ひとこと（任意）' }),
      '条文の場所がすぐ分かった',
    );
    await userEvent.click(canvas.getByRole('button', { name: '評価を送る' }));
    await expect(args.onSubmit).toHaveBeenLastCalledWith({
      isHelpful: true,
      comment: '条文の場所がすぐ分かった',
    });
  },
};

/** Already rated as not helpful, with a comment. */
export const Saved: Story = {
  args: { value: { isHelpful: false, comment: '該当する条文が引用されていなかった' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '役に立たなかった' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('評価を保存しました（役に立たなかった）');
    await expect(canvas.getByRole('button', { name: '評価を送る' })).toBeDisabled();
  },
};

/** The save failed: the error shows and nothing is marked saved. */
export const Failed: Story = {
  args: { error: 'ネットワークエラーが発生しました。接続を確認してください。' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('ネットワークエラー');
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '役に立った' })).toBeDisabled();
  },
};
