import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    title: '山田 太郎 様を削除しますか？',
    description: '対応履歴も含めて削除され、元に戻せません。',
    confirmLabel: '削除する',
    destructive: true,
    onConfirm: fn(),
    onCancel: fn(),
    trigger: (
      <Button variant="destructive">
        <Trash2 />
        削除
      </Button>
    ),
  },
  argTypes: { trigger: { control: false } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Cancel is the first focus; confirming runs the action and closes. */
export const Playground: Story = {
  play: async ({ args, canvas, step }) => {
    const trigger = canvas.getByRole('button', { name: '削除' });
    await step('キャンセル', async () => {
      await userEvent.click(trigger);
      const dialog = await screen.findByRole('alertdialog', { name: '山田 太郎 様を削除しますか？' });
      await expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
      await userEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(args.onCancel).toHaveBeenCalled();
      await expect(args.onConfirm).not.toHaveBeenCalled();
    });
    await step('削除する', async () => {
      await userEvent.click(trigger);
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getByRole('button', { name: '削除する' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    });
  },
};

/** An async action: the button shows 処理中 until it settles, then the dialog closes. */
export const AsyncConfirm: Story = {
  args: {
    title: '招待メールを再送しますか？',
    description: undefined,
    confirmLabel: '再送する',
    destructive: false,
    trigger: <Button variant="outline">再送</Button>,
    onConfirm: fn(() => new Promise((resolve) => setTimeout(resolve, 600))),
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '再送' }));
    const dialog = await screen.findByRole('alertdialog', { name: '招待メールを再送しますか？' });
    const confirm = within(dialog).getByRole('button', { name: '再送する' });
    await userEvent.click(confirm);
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 3000 });
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};
