import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { Textarea } from './textarea';

const meta = {
  title: 'Components/Textarea',
  component: Textarea,
  tags: ['autodocs'],
  args: { label: '対応内容', placeholder: '例）検査結果について電話で説明しました。' },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Controlled with a character counter. */
export const Playground: Story = {
  render: function PlaygroundStory(args) {
    const [value, setValue] = useState('');
    return (
      <Textarea {...args} maxLength={200} value={value} onChange={(event) => setValue(event.target.value)} />
    );
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: '対応内容' });
    await userEvent.type(textarea, '次回は12月3日に来院予定');
    await expect(canvas.getByText('13 / 200 文字')).toBeVisible();
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-6">
      <Textarea
        label="メモ"
        description="患者さまには表示されません。"
        defaultValue="アレルギー: ペニシリン"
      />
      <Textarea label="相談内容" required error="相談内容を入力してください" />
      <Textarea label="無効な欄" disabled defaultValue="編集できません" />
    </div>
  ),
  play: async ({ canvas }) => {
    const required = canvas.getByRole('textbox', { name: '相談内容' });
    await expect(required).toBeRequired();
    await expect(required).toHaveAttribute('aria-invalid', 'true');
    await expect(required).toHaveAccessibleDescription('相談内容を入力してください');
  },
};
