import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleCheck } from 'lucide-react';
import { Chip } from './chip';

const meta = {
  title: 'Components/Chip',
  component: Chip,
  tags: ['autodocs'],
  args: { children: 'スタンダード' },
  argTypes: {
    variant: { control: 'select', options: ['default', 'primary', 'success', 'warning', 'error', 'info'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Chip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

const variants = [
  ['default', 'スタッフ'],
  ['primary', '管理者'],
  ['success', '完了'],
  ['warning', '期限間近'],
  ['error', '失敗'],
  ['info', 'ベーシック'],
] as const;

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-2">
      {variants.map(([variant, label]) => (
        <Chip key={variant} {...args} variant={variant}>
          {label}
        </Chip>
      ))}
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-col gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size} className="flex flex-wrap items-center gap-2">
          {variants.map(([variant, label]) => (
            <Chip key={variant} {...args} variant={variant} size={size}>
              {label}
            </Chip>
          ))}
        </div>
      ))}
    </div>
  ),
};

export const WithIcon: Story = {
  args: { variant: 'success', size: 'lg' },
  render: (args) => (
    <Chip {...args}>
      <CircleCheck aria-hidden="true" />
      送信済み
    </Chip>
  ),
};
