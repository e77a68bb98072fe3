import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DisplayError } from '../../lib/errors';
import { storyErrors } from '../../test/story-fixtures';
import { Button } from '../button/button';
import { ErrorSnackbar, type ErrorSnackbarProps } from './error-snackbar';

/** Keeps `open` like the app's error display: dismissing hides but keeps the error. */
function StatefulSnackbar(args: ErrorSnackbarProps) {
  const [open, setOpen] = useState(args.open ?? true);
  return (
    <div className="min-h-80">
      <Button variant="outline" onClick={() => setOpen(true)}>
        エラーを再表示
      </Button>
      <ErrorSnackbar
        {...args}
        open={open}
        onDismiss={() => {
          args.onDismiss();
          setOpen(false);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Composites/ErrorSnackbar',
  component: ErrorSnackbar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    error: storyErrors.server,
    onDismiss: fn(),
    onRetry: fn(),
    supportEmail: 'support@tsumiki.example',
  },
  argTypes: { error: { control: 'object' } },
  render: (args) => <StatefulSnackbar {...args} />,
} satisfies Meta<typeof ErrorSnackbar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** HIGH: error tone, retry (SYS_003), contact support, expandable details; dismiss with × or Escape. */
export const Playground: Story = {
  play: async ({ args, canvas, step }) => {
    const snackbar = canvas.getByRole('alert');
    await expect(snackbar).toHaveAttribute('data-tone', 'error');
    await expect(snackbar).toHaveTextContent('サーバーで一時的なエラーが発生しました');
    await step('retry', async () => {
      await userEvent.click(within(snackbar).getByRole('button', { name: '再試行' }));
      await expect(args.onRetry).toHaveBeenCalledTimes(1);
    });
    await step('contact support drafts a mail', async () => {
      const link = within(snackbar).getByRole('link', { name: 'サポートに連絡' });
      const url = new URL(link.getAttribute('href')!);
      await expect(url.protocol).toBe('mailto:');
      await expect(url.searchParams.get('subject')).toBe('システムエラー報告');
      await expect(url.searchParams.get('body')).toContain('リクエストID: req_9c0ffee1');
    });
    await step('details', async () => {
      const toggle = within(snackbar).getByRole('button', { name: '詳細を表示' });
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const details = snackbar.querySelector('[data-slot="error-details"]')!;
      for (const text of ['req_9c0ffee1', 'SYS_003', 'システム', '/api/interactions']) {
        await expect(details).toHaveTextContent(text);
      }
      await userEvent.click(within(snackbar).getByRole('button', { name: '詳細を隠す' }));
      await expect(snackbar.querySelector('[data-slot="error-details"]')).toBeNull();
    });
    await step('dismiss', async () => {
      await userEvent.click(within(snackbar).getByRole('button', { name: '閉じる' }));
      await expect(args.onDismiss).toHaveBeenCalledTimes(1);
      await expect(canvas.queryByRole('alert')).toBeNull();
      await userEvent.click(canvas.getByRole('button', { name: 'エラーを再表示' }));
      const again = canvas.getByRole('alert');
      within(again).getByRole('button', { name: '再試行' }).focus();
      await userEvent.keyboard('{Escape}');
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
};

/** MEDIUM: warning tone; NET_001 can be retried; no support contact below HIGH. */
export const Medium: Story = {
  args: { error: storyErrors.network },
  play: async ({ canvas }) => {
    const snackbar = canvas.getByRole('alert');
    await expect(snackbar).toHaveAttribute('data-tone', 'warning');
    await expect(within(snackbar).getByRole('button', { name: '再試行' })).toBeVisible();
    await expect(within(snackbar).queryByRole('link', { name: 'サポートに連絡' })).toBeNull();
  },
};

/** LOW: info tone, validation errors under 入力エラー as label: message, hides after 5000 ms. */
export const LowAutoHides: Story = {
  args: { error: storyErrors.validation },
  play: async ({ args, canvas }) => {
    const snackbar = canvas.getByRole('status');
    await expect(snackbar).toHaveAttribute('data-tone', 'info');
    const list = snackbar.querySelector('[data-slot="validation-errors"]') as HTMLElement;
    await expect(within(list).getByText('入力エラー')).toBeVisible();
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'メールアドレス: メールアドレスの形式が正しくありません',
      '電話番号: 電話番号は数字とハイフンで入力してください',
      'furigana: カタカナで入力してください',
    ]);
    await expect(within(snackbar).queryByRole('button', { name: '再試行' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await expect(canvas.getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 2500 });
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** CRITICAL with the app's own support handler. */
export const Critical: Story = {
  args: { error: storyErrors.critical, onContactSupport: fn() },
  play: async ({ args, canvas }) => {
    const snackbar = canvas.getByRole('alert');
    await expect(snackbar).toHaveAttribute('data-tone', 'error');
    // SYS_001 is not in the retry list.
    await expect(within(snackbar).queryByRole('button', { name: '再試行' })).toBeNull();
    await userEvent.click(within(snackbar).getByRole('button', { name: 'サポートに連絡' }));
    await expect(args.onContactSupport).toHaveBeenCalledWith(storyErrors.critical);
  },
};

/** Each severity side by side (static, for review). */
export const Catalog: Story = {
  render: () => {
    const errors: DisplayError[] = [
      storyErrors.validation,
      storyErrors.network,
      storyErrors.server,
      storyErrors.critical,
    ];
    return (
      <div className="grid gap-3 p-4">
        {errors.map((error) => (
          <ErrorSnackbar
            key={error.code}
            error={error}
            onDismiss={() => {}}
            onRetry={() => {}}
            supportEmail="support@tsumiki.example"
            autoHideMs={null}
            inline
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const tones = [...canvasElement.querySelectorAll('[data-slot="error-snackbar"]')].map((element) =>
      element.getAttribute('data-tone'),
    );
    await expect(tones).toEqual(['info', 'warning', 'error', 'error']);
  },
};

/** The app can pass its own formatter (e.g. the api-client's). */
export const CustomValidationFormat: Story = {
  args: {
    error: storyErrors.validation,
    autoHideMs: null,
    formatValidationErrors: (errors) => errors.map((entry) => `【${entry.field}】${entry.message}`),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('【email】メールアドレスの形式が正しくありません')).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('alert').getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(8);
    await expect(box.right).toBeLessThanOrEqual(375 - 8);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};
