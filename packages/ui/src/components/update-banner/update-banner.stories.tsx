import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UpdateBanner } from './update-banner';

const meta = {
  title: 'Composites/UpdateBanner',
  component: UpdateBanner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { onReload: fn(), onDismiss: fn() },
} satisfies Meta<typeof UpdateBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 更新する activates the new version; あとで hides the banner. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const banner = canvas.getByRole('status');
    await expect(banner).toHaveTextContent('新しいバージョンがあります');
    await expect(banner).toHaveTextContent('入力中の内容は先に保存してください');
    await userEvent.click(within(banner).getByRole('button', { name: '更新する' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(within(banner).getByRole('button', { name: 'あとで' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** The new version is taking over: the button spins, あとで is gone (there is no going back). */
export const Reloading: Story = {
  args: { reloading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '更新する' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('button', { name: 'あとで' })).toBeNull();
  },
};

/** Without `onDismiss` the update can only be accepted. */
export const WithoutDismiss: Story = {
  args: { onDismiss: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '更新する' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'あとで' })).toBeNull();
  },
};

/**
 * As the app shows it: a card fixed to the bottom of the screen over the page, reached with Tab;
 * Escape inside it puts the update off like あとで.
 */
export const Floating: Story = {
  args: { floating: true },
  render: (args) => (
    <div className="min-h-dvh bg-background p-6">
      <p className="text-sm text-muted-foreground">画面の内容</p>
      <UpdateBanner {...args} />
    </div>
  ),
  play: async ({ args, canvas }) => {
    const banner = canvas.getByRole('status');
    await expect(getComputedStyle(banner).position).toBe('fixed');
    const box = banner.getBoundingClientRect();
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await userEvent.tab();
    await expect(within(banner).getByRole('button', { name: 'あとで' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
    await expect(args.onReload).not.toHaveBeenCalled();
  },
};

/** 375 px: the floating card keeps 8 px from both edges, its buttons wrap under the text. */
export const FloatingMobile: Story = {
  args: { floating: true },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('status').getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(8);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth - 8);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
