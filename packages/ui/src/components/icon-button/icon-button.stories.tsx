import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { IconButton } from './icon-button';

const tooltipOf = () => document.querySelector<HTMLElement>('[data-slot="tooltip-content"]');

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  args: { label: '編集する', children: <Pencil />, onClick: fn() },
  argTypes: {
    variant: { control: 'select', options: ['primary', 'secondary', 'outline', 'ghost', 'destructive'] },
    size: { control: 'select', options: ['sm', 'md', 'lg'] },
    children: { control: false },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The label is the accessible name and appears as a tooltip on hover and keyboard focus. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: '編集する' });
    await userEvent.hover(button);
    await waitFor(() => expect(tooltipOf()).toBeVisible());
    await expect(tooltipOf()).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tooltipOf()).toBeNull());
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <IconButton {...args} label="追加" variant="primary">
        <Plus />
      </IconButton>
      <IconButton {...args} label="編集" variant="outline">
        <Pencil />
      </IconButton>
      <IconButton {...args} label="削除" variant="destructive">
        <Trash2 />
      </IconButton>
      <IconButton {...args} label="小さい編集" size="sm">
        <Pencil />
      </IconButton>
      <IconButton {...args} label="大きい編集" size="lg">
        <Pencil />
      </IconButton>
      <IconButton {...args} label="保存中" variant="outline" loading>
        <Pencil />
      </IconButton>
      <IconButton {...args} label="無効" disabled>
        <Pencil />
      </IconButton>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(7);
    await expect(canvas.getByRole('button', { name: '保存中' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Keyboard focus shows the tooltip too. */
export const KeyboardFocus: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '編集する' })).toHaveFocus();
    await waitFor(() => expect(tooltipOf()).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tooltipOf()).toBeNull());
  },
};

/** Locked with a reason: one tooltip shows the name and the reason; clicking does nothing. */
export const DisabledWithReason: Story = {
  args: { label: '削除する', children: <Trash2 />, disabledReason: '削除する権限がありません' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: '削除する' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription('削除する権限がありません');
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await waitFor(() => expect(tooltipOf()).toBeVisible());
    await expect(tooltipOf()).toHaveTextContent('削除する権限がありません');
    await expect(document.querySelectorAll('[data-slot="tooltip-content"]')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
