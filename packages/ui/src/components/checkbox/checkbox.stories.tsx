import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'メール配信に同意する', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'メール配信に同意する' });
    await expect(box).not.toBeChecked();
    await userEvent.click(canvas.getByText('メール配信に同意する'));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4">
      <Checkbox label="未選択" />
      <Checkbox label="選択済み" defaultChecked />
      <Checkbox label="一部選択" checked="indeterminate" />
      <Checkbox label="無効" disabled />
      <Checkbox label="説明つき" description="予約の前日にリマインドを送ります。" />
      <Checkbox aria-label="ラベルなし（表の行）" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: '一部選択' })).toHaveAttribute('aria-checked', 'mixed');
    await expect(canvas.getByRole('checkbox', { name: '説明つき' })).toHaveAccessibleDescription(
      '予約の前日にリマインドを送ります。',
    );
  },
};
