import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ToastProvider, type ToastVariant, useToast } from './toast';

type Args = { duration: number; limit: number; onUndo: () => void };

function Demo({ onUndo }: { onUndo: () => void }) {
  const { toast } = useToast();
  const samples: Record<ToastVariant, [string, string]> = {
    success: ['保存しました', '山田 太郎 様の情報を更新しました。'],
    info: ['エクスポートを開始しました', '完了したら通知でお知らせします。'],
    warning: ['一部の行を読み込めませんでした', '3 行に不正な日付がありました。'],
    error: ['送信できませんでした', '時間をおいて、もう一度お試しください。'],
  };
  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(samples) as ToastVariant[]).map((variant) => (
        <Button
          key={variant}
          variant="outline"
          onClick={() => toast({ variant, title: samples[variant][0], description: samples[variant][1] })}
        >
          {variant}
        </Button>
      ))}
      <Button
        onClick={() =>
          toast({
            variant: 'success',
            title: '顧客を削除しました',
            action: {
              label: '元に戻す',
              onClick: onUndo,
              altText: '顧客一覧の「最近削除した顧客」から戻せます',
            },
          })
        }
      >
        削除する
      </Button>
    </div>
  );
}

function ToastStory({ duration, limit, onUndo }: Args) {
  return (
    <ToastProvider duration={duration} limit={limit}>
      <Demo onUndo={onUndo} />
    </ToastProvider>
  );
}

const meta = {
  title: 'Components/Toast',
  component: ToastStory,
  tags: ['autodocs'],
  args: { duration: 5000, limit: 3, onUndo: fn() },
} satisfies Meta<typeof ToastStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A toast appears, offers its action, and closes with × or by itself. */
export const Playground: Story = {
  args: { duration: 800 },
  play: async ({ args, canvas, step }) => {
    await step('hides by itself', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'success' }));
      await screen.findByText('保存しました');
      // What a screen reader hears names the toast in Japanese, with no template left in it.
      await expect(document.body.textContent).not.toContain('{hotkey}');
      await expect(screen.getByRole('region', { name: /^お知らせ \(F8\)$/ })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('保存しました')).toBeNull(), { timeout: 3000 });
    });
    await step('action and close', async () => {
      await userEvent.click(canvas.getByRole('button', { name: '削除する' }));
      const toast = await screen.findByText('顧客を削除しました');
      const root = toast.closest('[data-slot="toast"]') as HTMLElement;
      await userEvent.click(within(root).getByRole('button', { name: '元に戻す' }));
      await expect(args.onUndo).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByText('顧客を削除しました')).toBeNull());
    });
  },
};

/** Every variant at once (they stay until closed here). */
export const Catalog: Story = {
  args: { duration: Number.POSITIVE_INFINITY, limit: 4 },
  play: async ({ canvas }) => {
    for (const variant of ['success', 'info', 'warning', 'error']) {
      await userEvent.click(canvas.getByRole('button', { name: variant }));
    }
    await waitFor(() => expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(4));
    const first = document.querySelector<HTMLElement>('[data-slot="toast"]')!;
    await userEvent.click(within(first).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(3));
  },
};

/** A run of confirmations keeps only the newest on screen: the oldest closes when one more comes. */
export const Limited: Story = {
  args: { duration: Number.POSITIVE_INFINITY, limit: 2 },
  play: async ({ canvas }) => {
    for (const variant of ['success', 'info', 'warning']) {
      await userEvent.click(canvas.getByRole('button', { name: variant }));
    }
    await waitFor(() => expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(2));
    await expect(screen.queryByText('保存しました')).toBeNull();
    await expect(screen.getByText('エクスポートを開始しました')).toBeInTheDocument();
    await expect(screen.getByText('一部の行を読み込めませんでした')).toBeInTheDocument();
  },
};
