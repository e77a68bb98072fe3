import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Switch } from './switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: {
    label: '通知メールを受け取る',
    description: '新しい予約とキャンセルをお知らせします。',
    onCheckedChange: fn(),
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: '通知メールを受け取る' });
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(control).not.toBeChecked();
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4">
      <Switch label="オン" defaultChecked />
      <Switch label="オフ" />
      <Switch label="無効" disabled />
      <Switch aria-label="ラベルなし" />
    </div>
  ),
};
