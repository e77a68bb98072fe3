import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OfflineBanner } from './offline-banner';

const meta = {
  title: 'Composites/OfflineBanner',
  component: OfflineBanner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { onRetry: fn() },
} satisfies Meta<typeof OfflineBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A warning bar with 再試行. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const banner = canvas.getByRole('alert');
    await expect(banner).toHaveTextContent('オフラインです');
    await userEvent.click(within(banner).getByRole('button', { name: '再試行' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Retrying: the button is busy until the requests settle. */
export const Retrying: Story = {
  render: function RetryingStory(args) {
    const [retrying, setRetrying] = useState(false);
    return (
      <OfflineBanner
        {...args}
        retrying={retrying}
        onRetry={() => {
          args.onRetry?.();
          setRetrying(true);
          setTimeout(() => setRetrying(false), 500);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: '再試行' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const WithoutRetry: Story = { args: { onRetry: undefined } };

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
