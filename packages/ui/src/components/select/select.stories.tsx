import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Select } from './select';

const prefectures = [
  { value: 'tokyo', label: '東京都' },
  { value: 'kanagawa', label: '神奈川県' },
  { value: 'osaka', label: '大阪府' },
  { value: 'hokkaido', label: '北海道', disabled: true },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: '都道府県', options: prefectures, defaultValue: '', onChange: fn() },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const select = canvas.getByRole('combobox', { name: '都道府県' });
    await expect(select).toHaveValue('');
    await expect(canvas.getByRole('option', { name: '選択してください' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'osaka');
    await expect(select).toHaveValue('osaka');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-6">
      <Select
        label="担当者"
        options={[
          { value: 'sato', label: '佐藤 花子' },
          { value: 'suzuki', label: '鈴木 一郎' },
        ]}
        defaultValue="sato"
        placeholder={false}
      />
      <Select
        label="優先度"
        required
        options={[
          { value: 'high', label: '高' },
          { value: 'low', label: '低' },
        ]}
        defaultValue=""
        error="優先度を選んでください"
        description="高は当日中に対応します。"
      />
      <Select label="無効" disabled options={prefectures} defaultValue="tokyo" />
    </div>
  ),
  play: async ({ canvas }) => {
    const priority = canvas.getByRole('combobox', { name: '優先度' });
    await expect(priority).toHaveAttribute('aria-invalid', 'true');
    await expect(priority).toHaveAccessibleDescription('高は当日中に対応します。 優先度を選んでください');
  },
};
