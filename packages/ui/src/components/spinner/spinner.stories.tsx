import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from './spinner';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: '読み込み中' })).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-6 text-primary">
      <Spinner {...args} size="sm" />
      <Spinner {...args} size="md" />
      <Spinner {...args} size="lg" />
    </div>
  ),
};

export const CustomLabel: Story = {
  args: { label: '顧客情報を読み込み中', size: 'lg' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: '顧客情報を読み込み中' })).toBeInTheDocument();
  },
};

export const WithText: Story = {
  render: (args) => (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <Spinner {...args} decorative size="sm" className="text-primary" />
      認証しています…
    </div>
  ),
};
