import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { PasswordField } from './password-field';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'パスワード', autoComplete: 'current-password' },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typed text is hidden; the toggle shows it and hides it again, keeping its name. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('パスワード');
    const toggle = canvas.getByRole('button', { name: 'パスワードを表示' });
    await userEvent.type(input, 'tsumiki-demo-2026');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveValue('tsumiki-demo-2026');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'password');
  },
};

/** The toggle is reached with Tab after the input and pressed with Space. */
export const Keyboard: Story = {
  args: { label: '新しいパスワード', description: '8 文字以上で入力してください。', required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/新しいパスワード/, { selector: 'input' });
    await userEvent.click(input);
    await userEvent.keyboard('sakura-haru');
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: '新しいパスワードを表示' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription('8 文字以上で入力してください。');
  },
};

export const WithError: Story = {
  args: {
    label: '現在のパスワード',
    defaultValue: 'wrong-password',
    error: '現在のパスワードが正しくありません。',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('現在のパスワード');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('現在のパスワードが正しくありません。');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'tsumiki-demo-2026' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'パスワードを表示' })).toBeDisabled();
  },
};

/** A label that is not text names the toggle through `toggleLabel`. */
export const States: Story = {
  render: () => (
    <div className="grid gap-5">
      <PasswordField label="現在のパスワード" autoComplete="current-password" />
      <PasswordField label="新しいパスワード" required description="8 文字以上 128 文字以内" />
      <PasswordField label="新しいパスワード（確認）" required error="新しいパスワードと一致しません。" />
      <PasswordField
        label={<span>暗証番号</span>}
        toggleLabel="暗証番号を表示"
        inputMode="numeric"
        defaultValue="1234"
      />
      <PasswordField label="パスワード" disabled defaultValue="tsumiki-demo-2026" />
    </div>
  ),
};
