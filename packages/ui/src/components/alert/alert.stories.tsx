import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Alert, AlertDescription, AlertTitle } from './alert';

const meta = {
  title: 'Components/Alert',
  component: Alert,
  tags: ['autodocs'],
  args: {
    variant: 'info',
    title: 'お知らせ',
    description: '明日 9:00〜10:00 はメンテナンスのため利用できません。',
  },
  argTypes: { variant: { control: 'inline-radio', options: ['info', 'success', 'warning', 'error'] } },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

const samples = {
  info: ['お知らせ', '明日 9:00〜10:00 はメンテナンスのため利用できません。'],
  success: ['保存しました', '顧客情報を更新しました。'],
  warning: ['オフラインです', '接続が戻ると自動で再送信します。'],
  error: ['ログインに失敗しました', 'メールアドレスまたはパスワードが正しくありません。'],
} as const;

export const Variants: Story = {
  render: () => (
    <div className="grid max-w-xl gap-3">
      {(Object.keys(samples) as (keyof typeof samples)[]).map((variant) => (
        <Alert
          key={variant}
          variant={variant}
          title={samples[variant][0]}
          description={samples[variant][1]}
        />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    // Errors and warnings interrupt; the rest wait their turn.
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};

export const MessageOnly: Story = {
  args: { variant: 'error', title: undefined, description: undefined, children: 'エラーが発生しました' },
};

export const WithParts: Story = {
  args: { variant: 'warning', title: undefined, description: undefined },
  render: (args) => (
    <Alert {...args} className="max-w-xl">
      <AlertTitle>入力内容に問題があります</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-5">
          <li>メールアドレス: 形式が正しくありません</li>
          <li>電話番号: 必須項目です</li>
        </ul>
      </AlertDescription>
    </Alert>
  ),
};

export const WithoutIcon: Story = { args: { icon: null } };
