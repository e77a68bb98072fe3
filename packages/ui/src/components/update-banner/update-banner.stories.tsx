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

/** 再読み込み activates the new version; あとで hides the banner. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const banner = canvas.getByRole('status');
    await expect(banner).toHaveTextContent('新しいバージョンがあります');
    await userEvent.click(within(banner).getByRole('button', { name: '再読み込み' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(within(banner).getByRole('button', { name: 'あとで' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const Reloading: Story = {
  args: { reloading: true, onDismiss: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '再読み込み' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
