import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { Progress } from './progress';

const meta = {
  title: 'Components/Progress',
  component: Progress,
  tags: ['autodocs'],
  args: { value: 40, label: 'アップロード' },
  argTypes: {
    tone: { control: 'select', options: ['primary', 'success', 'warning', 'error', 'info'] },
    size: { control: 'select', options: ['sm', 'md', 'lg'] },
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'アップロード' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', '40%');
  },
};

/** Determinate in every tone and size, and indeterminate (no value: progress unknown). */
export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4">
      {(['primary', 'success', 'warning', 'error', 'info'] as const).map((tone, index) => (
        <Progress key={tone} tone={tone} value={(index + 1) * 20} label={`${tone} ${(index + 1) * 20}%`} />
      ))}
      <Progress size="sm" value={60} label="小" />
      <Progress size="lg" value={60} label="大" />
      <Progress label="処理中（残り時間不明）" />
    </div>
  ),
  play: async ({ canvas }) => {
    const indeterminate = canvas.getByRole('progressbar', { name: '処理中（残り時間不明）' });
    await expect(indeterminate).not.toHaveAttribute('aria-valuenow');
    await expect(indeterminate).toHaveAttribute('data-state', 'indeterminate');
  },
};

/** A value that moves; the bar reaches complete. */
export const Animated: Story = {
  render: function AnimatedStory() {
    const [value, setValue] = useState(0);
    useEffect(() => {
      const timer = setInterval(() => setValue((current) => Math.min(100, current + 25)), 150);
      return () => clearInterval(timer);
    }, []);
    return <Progress value={value} label="送信" tone={value === 100 ? 'success' : 'primary'} />;
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('progressbar', { name: '送信' })).toHaveAttribute('data-state', 'complete'),
    );
  },
};
