import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: { onOpenChange: fn() },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button>顧客を登録</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>顧客を登録</DialogTitle>
          <DialogDescription>氏名とフリガナは必須です。あとから編集できます。</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
          <TextField label="氏名" required autoComplete="name" />
          <TextField label="フリガナ" required />
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">キャンセル</Button>
          </DialogClose>
          <Button>登録する</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger; Escape, the × and キャンセル close it and focus returns to the trigger. */
export const Playground: Story = {
  play: async ({ args, canvas, step }) => {
    const trigger = canvas.getByRole('button', { name: '顧客を登録' });
    await step('Escape closes', async () => {
      await userEvent.click(trigger);
      const dialog = await screen.findByRole('dialog', { name: '顧客を登録' });
      await expect(dialog).toHaveAccessibleDescription('氏名とフリガナは必須です。あとから編集できます。');
      await expect(within(dialog).getByRole('textbox', { name: '氏名' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(trigger).toHaveFocus();
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    });
    await step('the close button closes', async () => {
      await userEvent.click(trigger);
      const dialog = await screen.findByRole('dialog', { name: '顧客を登録' });
      await userEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    await step('キャンセル closes', async () => {
      await userEvent.click(trigger);
      const dialog = await screen.findByRole('dialog', { name: '顧客を登録' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: '顧客を登録' })).toBeVisible();
  },
};

/** At 375px the panel keeps a margin and the buttons stack. */
export const Mobile: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '顧客を登録' });
    const box = dialog.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(16);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth - 16);
  },
};
