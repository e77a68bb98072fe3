import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from './text-field';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'メールアドレス', type: 'email', placeholder: 'name@example.com', autoComplete: 'email' },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'メールアドレス' });
    await userEvent.type(input, 'hanako@sakura-clinic.example');
    await expect(input).toHaveValue('hanako@sakura-clinic.example');
  },
};

export const Required: Story = {
  args: { required: true, description: 'ログインに使うメールアドレスです' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'メールアドレス' });
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription('ログインに使うメールアドレスです');
  },
};

export const WithError: Story = {
  args: {
    required: true,
    defaultValue: 'hanako@',
    description: 'ログインに使うメールアドレスです',
    error: 'メールアドレスの形式が正しくありません',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'メールアドレス' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'ログインに使うメールアドレスです メールアドレスの形式が正しくありません',
    );
    const error = canvas.getByText('メールアドレスの形式が正しくありません');
    await expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'admin@sakura-clinic.example' } };

export const States: Story = {
  render: () => (
    <div className="grid gap-5">
      <TextField label="氏名" placeholder="山田 太郎" />
      <TextField label="フリガナ" required placeholder="ヤマダ タロウ" />
      <TextField label="電話番号" type="tel" description="ハイフンなしでも入力できます" />
      <TextField label="パスワード" type="password" required error="8文字以上で入力してください" />
      <TextField label="会社名" disabled defaultValue="さくら内科クリニック" />
    </div>
  ),
};

/** Submitting empty shows the error, typing a valid address clears it (the wiring follows the state). */
export const ValidationFlow: Story = {
  render: function ValidationFlowStory(args) {
    const [email, setEmail] = useState('');
    const [error, setError] = useState<string>();
    return (
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setError(/^[^@\s]+@[^@\s]+$/.test(email) ? undefined : 'メールアドレスを入力してください');
        }}
      >
        <TextField
          {...args}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit">送信</Button>
      </form>
    );
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'メールアドレス' });
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: '送信' }));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('メールアドレスを入力してください');
    await userEvent.type(input, 'staff@sakura-clinic.example');
    await userEvent.click(canvas.getByRole('button', { name: '送信' }));
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(input).not.toHaveAttribute('aria-describedby');
  },
};
