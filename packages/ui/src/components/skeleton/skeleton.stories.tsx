import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from './skeleton';
import { SkeletonGroup } from './skeleton-group';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  args: { className: 'h-9 w-20' },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const CardPlaceholder: Story = {
  render: () => (
    <div aria-busy="true" className="grid max-w-sm gap-3 rounded-lg border bg-surface p-5">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-9 w-20" />
      <Skeleton className="h-4 w-full" />
    </div>
  ),
};

/** `SkeletonGroup`: the placeholders of one region, marked busy, with what is loading announced. */
export const Group: Story = {
  render: () => (
    <SkeletonGroup label="ログイン中の端末を読み込んでいます" className="max-w-sm">
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('ログイン中の端末を読み込んでいます');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  },
};
