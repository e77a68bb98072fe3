import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button variant="outline">保存</Button>
      </TooltipTrigger>
      <TooltipContent>Ctrl + S でも保存できます</TooltipContent>
    </Tooltip>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hover or focus opens it; it describes the trigger for screen readers. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: '保存' });
    await userEvent.hover(button);
    const tip = await screen.findByRole('tooltip');
    await expect(tip).toHaveTextContent('Ctrl + S でも保存できます');
    await waitFor(() => expect(button).toHaveAttribute('aria-describedby'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

export const Sides: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-16 p-16">
      {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
        <Tooltip key={side} open>
          <TooltipTrigger asChild>
            <Button variant="outline">{{ top: '上', right: '右', bottom: '下', left: '左' }[side]}</Button>
          </TooltipTrigger>
          <TooltipContent side={side}>{side} に表示</TooltipContent>
        </Tooltip>
      ))}
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(screen.getAllByRole('tooltip')).toHaveLength(4));
  },
};
