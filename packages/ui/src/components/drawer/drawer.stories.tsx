import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from './drawer';

type Args = {
  side: 'left' | 'right' | 'bottom';
  onOpenChange: (open: boolean) => void;
  defaultOpen?: boolean;
};

function FilterDrawer({ side, onOpenChange, defaultOpen }: Args) {
  return (
    <Drawer onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      <DrawerTrigger asChild>
        <Button variant="outline">絞り込み</Button>
      </DrawerTrigger>
      <DrawerContent side={side}>
        <DrawerHeader>
          <DrawerTitle>絞り込み</DrawerTitle>
          <DrawerDescription>一覧に表示する顧客の条件です。</DrawerDescription>
        </DrawerHeader>
        <DrawerBody className="grid content-start gap-3">
          <Checkbox label="今月来院した顧客" defaultChecked />
          <Checkbox label="予約がある顧客" />
          <Checkbox label="メール配信に同意した顧客" />
        </DrawerBody>
        <DrawerFooter>
          <DrawerClose asChild>
            <Button variant="outline">キャンセル</Button>
          </DrawerClose>
          <DrawerClose asChild>
            <Button>適用する</Button>
          </DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}

const meta = {
  title: 'Components/Drawer',
  component: FilterDrawer,
  tags: ['autodocs'],
  args: { side: 'right', onOpenChange: fn() },
  argTypes: { side: { control: 'inline-radio', options: ['left', 'right', 'bottom'] } },
} satisfies Meta<typeof FilterDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const trigger = canvas.getByRole('button', { name: '絞り込み' });
    await userEvent.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: '絞り込み' });
    await expect(drawer).toHaveAttribute('data-side', 'right');
    await userEvent.click(within(drawer).getByRole('button', { name: '適用する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Below 900px a bottom sheet suits the thumb; Escape and the overlay close it. */
export const MobileBottomSheet: Story = {
  args: { side: 'bottom' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: '絞り込み' });
    await userEvent.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: '絞り込み' });
    await waitFor(() => expect(drawer.getBoundingClientRect().bottom).toBeCloseTo(window.innerHeight, 0));
    await expect(drawer.getBoundingClientRect().width).toBe(375);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: '絞り込み' });
    await userEvent.click(document.querySelector('[data-slot="drawer-overlay"]') as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Left: Story = {
  args: { side: 'left', defaultOpen: true },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: '絞り込み' });
    await waitFor(() => expect(drawer.getBoundingClientRect().left).toBe(0));
  },
};
