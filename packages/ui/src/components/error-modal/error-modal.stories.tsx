import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { storyErrors } from '../../test/story-fixtures';
import { Button } from '../button/button';
import { ErrorModal, type ErrorModalProps } from './error-modal';

function StatefulModal(args: ErrorModalProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        エラーを表示
      </Button>
      <ErrorModal
        {...args}
        open={open}
        onOpenChange={(next) => {
          args.onOpenChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Composites/ErrorModal',
  component: ErrorModal,
  tags: ['autodocs'],
  args: {
    error: storyErrors.server,
    open: false,
    onOpenChange: fn(),
    onRetry: fn(),
    onLogout: fn(),
    supportEmail: 'support@tsumiki.example',
  },
  render: (args) => <StatefulModal {...args} />,
} satisfies Meta<typeof ErrorModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** HIGH: システムエラー, retry for SYS_003, contact support; Escape closes it. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'エラーを表示' });
    await userEvent.click(trigger);
    const modal = await screen.findByRole('alertdialog', { name: 'システムエラー' });
    await expect(modal).toHaveAccessibleDescription('サーバーで一時的なエラーが発生しました');
    await userEvent.click(within(modal).getByRole('button', { name: '再試行' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(within(modal).getByRole('link', { name: 'サポートに連絡' })).toHaveAttribute(
      'href',
      expect.stringContaining('mailto:support@tsumiki.example'),
    );
    await userEvent.click(within(modal).getByRole('button', { name: '詳細を表示' }));
    await expect(modal.querySelector('[data-slot="error-details"]')).toHaveTextContent('req_9c0ffee1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** CRITICAL: 重大なエラー; Escape and clicks outside do not dismiss it, only 閉じる does. Details start open. */
export const CriticalIgnoresEscape: Story = {
  args: { error: storyErrors.critical, open: true },
  play: async ({ args }) => {
    const modal = await screen.findByRole('alertdialog', { name: '重大なエラー' });
    await expect(modal.querySelector('[data-slot="error-details"]')).toHaveTextContent('SYS_001');
    await userEvent.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(screen.getByRole('alertdialog', { name: '重大なエラー' })).toBeVisible();
    await userEvent.click(document.querySelector('[data-slot="dialog-overlay"]') as HTMLElement, {
      pointerEventsCheck: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(screen.getByRole('alertdialog', { name: '重大なエラー' })).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(within(modal).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** Authentication: 認証エラー, recommends logging out and in again, with ログアウト. */
export const Authentication: Story = {
  args: { error: storyErrors.authentication, open: true },
  play: async ({ args }) => {
    const modal = await screen.findByRole('alertdialog', { name: '認証エラー' });
    await expect(modal).toHaveTextContent('一度ログアウトしてから、もう一度ログインしてください。');
    await userEvent.click(within(modal).getByRole('button', { name: 'ログアウト' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

/** A MEDIUM error in the modal is just エラー (the app normally uses the snackbar for it). */
export const Generic: Story = {
  args: { error: { ...storyErrors.network, category: 'business_logic', code: 'BIZ_004' }, open: true },
  play: async () => {
    const modal = await screen.findByRole('alertdialog', { name: 'エラー' });
    await expect(within(modal).queryByRole('button', { name: '再試行' })).toBeNull();
    await expect(within(modal).queryByRole('link', { name: 'サポートに連絡' })).toBeNull();
  },
};

export const Mobile: Story = {
  args: { error: storyErrors.critical, open: true },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const modal = await screen.findByRole('alertdialog', { name: '重大なエラー' });
    await waitFor(() => expect(modal.getBoundingClientRect().left).toBeGreaterThanOrEqual(15));
  },
};
