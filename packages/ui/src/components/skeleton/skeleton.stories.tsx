import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './skeleton';

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
