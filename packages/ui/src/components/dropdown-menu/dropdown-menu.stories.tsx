import type { Meta, StoryObj } from '@storybook/react-vite';
import { Copy, Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

type Args = { onEdit: () => void; onCopy: () => void; onDelete: () => void; modal?: boolean };

function Menu({ onEdit, onCopy, onDelete, modal }: Args) {
  return (
    <DropdownMenu modal={modal}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="山田 太郎 様の操作">
          <Ellipsis />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>山田 太郎 様</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil />
          編集
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCopy}>
          <Copy />
          複製
        </DropdownMenuItem>
        <DropdownMenuItem disabled>印刷（準備中）</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 />
          削除
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const meta = {
  title: 'Components/DropdownMenu',
  component: Menu,
  tags: ['autodocs'],
  args: { onEdit: fn(), onCopy: fn(), onDelete: fn() },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens with the mouse or the keyboard, moves with the arrow keys, closes on Escape. */
export const Playground: Story = {
  play: async ({ args, canvas, step }) => {
    const trigger = canvas.getByRole('button', { name: '山田 太郎 様の操作' });
    await step('click an item', async () => {
      await userEvent.click(trigger);
      const menu = await screen.findByRole('menu');
      await expect(menu).toBeVisible();
      await userEvent.click(screen.getByRole('menuitem', { name: '編集' }));
      await expect(args.onEdit).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    });
    await step('keyboard', async () => {
      trigger.focus();
      await userEvent.keyboard('{Enter}');
      await screen.findByRole('menu');
      await waitFor(() => expect(screen.getByRole('menuitem', { name: '編集' })).toHaveFocus());
      await userEvent.keyboard('{ArrowDown}');
      await expect(screen.getByRole('menuitem', { name: '複製' })).toHaveFocus();
      // The disabled item is skipped.
      await userEvent.keyboard('{ArrowDown}');
      await expect(screen.getByRole('menuitem', { name: '削除' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      await expect(trigger).toHaveFocus();
    });
  },
};

/**
 * Left open for review. Non-modal by default: the rest of the page stays in the accessibility tree
 * (a modal menu hid it with aria-hidden while its buttons stayed focusable, axe's aria-hidden-focus).
 */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '山田 太郎 様の操作' }));
    await expect(await screen.findByRole('menuitem', { name: '削除' })).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    // getByRole skips what aria-hidden hides: the trigger is still there for assistive technology.
    const trigger = canvas.getByRole('button', { name: '山田 太郎 様の操作' });
    await expect(trigger.closest('[aria-hidden="true"]')).toBeNull();
    await expect(document.querySelector('[data-aria-hidden="true"]')).toBeNull();
  },
};
