import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CrashScreen } from './crash-screen';

const meta = {
  title: 'Composites/CrashScreen',
  component: CrashScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    error: {
      id: 'err_20261122_7K3Q9Z',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'tenant_name')",
      stack:
        "TypeError: Cannot read properties of undefined (reading 'tenant_name')\n    at DashboardPage (dashboard-page.tsx:42:18)\n    at renderWithHooks (react-dom.js:1:1)",
      time: '2026-11-22T05:00:00Z',
      url: 'https://tsumiki.example/customers/42',
    },
    onReload: fn(),
    onGoHome: fn(),
    supportEmail: 'support@tsumiki.example',
  },
} satisfies Meta<typeof CrashScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** アプリケーションエラー, CRITICAL, the error id, reload, go home, contact support and the technical details. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'アプリケーションエラー' })).toBeVisible();
    await expect(canvas.getByText('CRITICAL')).toBeVisible();
    await expect(canvas.getByText('err_20261122_7K3Q9Z')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '再読み込み' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'ホームに戻る' }));
    await expect(args.onGoHome).toHaveBeenCalledTimes(1);
    const mail = new URL(canvas.getByRole('link', { name: 'サポートに連絡' }).getAttribute('href')!);
    await expect(mail.searchParams.get('subject')).toBe('システムエラー報告');
    const body = mail.searchParams.get('body') ?? '';
    await expect(body).toContain('エラーID: err_20261122_7K3Q9Z');
    await expect(body).toContain("メッセージ: Cannot read properties of undefined (reading 'tenant_name')");
    await expect(body).toContain('URL: https://tsumiki.example/customers/42');
    await expect(body).toMatch(/発生時刻: 2026\/11\/2\d \d\d:\d\d/);
    const details = canvas.getByText('技術的な詳細').closest('details')!;
    await expect(details).not.toHaveAttribute('open');
    await userEvent.click(canvas.getByText('技術的な詳細'));
    await expect(details).toHaveAttribute('open');
    await expect(within(details).getByText(/at DashboardPage/)).toBeVisible();
  },
};

/** With the app's own support handler. */
export const CustomSupport: Story = {
  args: { onContactSupport: fn(), supportEmail: undefined },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'サポートに連絡' }));
    await expect(args.onContactSupport).toHaveBeenCalledWith(args.error);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
