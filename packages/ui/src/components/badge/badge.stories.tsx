import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { count: 3 },
  argTypes: {
    variant: { control: 'select', options: ['error', 'primary', 'neutral', 'success', 'warning', 'info'] },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Counts above `max` read 99+; zero shows nothing unless asked. */
export const Catalog: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      {(['error', 'primary', 'neutral', 'success', 'warning', 'info'] as const).map((variant) => (
        <Badge key={variant} variant={variant} count={7} />
      ))}
      <Badge count={12} />
      <Badge count={150} />
      <Badge count={0} />
      <Badge count={0} showZero variant="neutral" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const badges = [...canvasElement.querySelectorAll('[data-slot="badge"]')].map(
      (badge) => badge.textContent,
    );
    await expect(badges).toEqual(['7', '7', '7', '7', '7', '7', '12', '99+', '0']);
  },
};
