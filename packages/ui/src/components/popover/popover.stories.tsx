import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  render: (args) => (
    <Popover {...args}>
      <PopoverTrigger asChild>
        <Button variant="outline">受付時間</Button>
      </PopoverTrigger>
      <PopoverContent aria-label="受付時間" className="grid gap-2 p-4 text-sm">
        <p className="font-semibold">受付時間</p>
        <p>平日 9:00〜12:00 / 14:00〜18:00（土曜は午前のみ）</p>
        <PopoverClose asChild>
          <Button size="sm" variant="outline" className="justify-self-end">
            閉じる
          </Button>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: '受付時間' });
    await userEvent.click(trigger);
    const panel = await screen.findByRole('dialog', { name: '受付時間' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(trigger);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(panel).not.toBeInTheDocument();
  },
};
