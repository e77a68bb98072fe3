import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { SlowConnectionNotice, type SlowConnectionNoticeProps } from './slow-connection-notice';

function StatefulNotice(args: SlowConnectionNoticeProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <div className="min-h-40">
      <Button variant="outline" onClick={() => setOpen(true)}>
        低速回線を検出
      </Button>
      <SlowConnectionNotice
        {...args}
        open={open}
        onOpenChange={(next) => {
          args.onOpenChange(next);
          setOpen(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Composites/SlowConnectionNotice',
  component: SlowConnectionNotice,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { open: true, onOpenChange: fn() },
  render: (args) => <StatefulNotice {...args} />,
} satisfies Meta<typeof SlowConnectionNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hides by itself after 6 seconds (SPEC section 9). */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('通信速度が遅くなっています');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await expect(canvas.getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 2500 });
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** The close button hides it at once; it can come back. */
export const Dismiss: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(within(canvas.getByRole('status')).getByRole('button', { name: '閉じる' }));
    await expect(canvas.queryByRole('status')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '低速回線を検出' }));
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};
