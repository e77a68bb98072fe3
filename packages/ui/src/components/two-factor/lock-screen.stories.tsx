import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { LockScreen, type LockScreenUnlock } from './lock-screen';

const meta = {
  title: 'Components/TwoFactor/LockScreen',
  component: LockScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    name: '山田 花子',
    email: 'admin@sakura-clinic.example',
    onUnlock: fn(async (_input: LockScreenUnlock): Promise<string | null> => null),
    onSignOut: fn(),
  },
} satisfies Meta<typeof LockScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who is signed in, the password, and 「ロックを解除」. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: '画面をロックしました' })).toBeVisible();
    await expect(canvas.getByText('山田 花子')).toBeVisible();
    const password = canvas.getByLabelText(/^パスワード/, { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    await userEvent.keyboard('tsumiki-demo-2026{Enter}');
    await expect(args.onUnlock).toHaveBeenCalledWith({ password: 'tsumiki-demo-2026' });
  },
};

/** The policy requires the second factor: a code field too. */
export const WithCode: Story = {
  args: { needsCode: true },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText(/^パスワード/, { selector: 'input' }), 'tsumiki-demo-2026');
    await userEvent.type(canvas.getByLabelText(/^確認コード/, { selector: 'input' }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'ロックを解除' }));
    await expect(args.onUnlock).toHaveBeenCalledWith({ password: 'tsumiki-demo-2026', code: '123456' });
  },
};

/** A wrong password: the message, and the password field ready again. */
export const WrongPassword: Story = {
  args: {
    onUnlock: fn(
      async (_input: LockScreenUnlock): Promise<string | null> => 'パスワードが正しくありません。',
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^パスワード/, { selector: 'input' }), 'wrong{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('パスワードが正しくありません。');
    await expect(canvas.getByLabelText(/^パスワード/, { selector: 'input' })).toHaveFocus();
  },
};

/** Someone else at the terminal signs out instead. */
export const SignOutInstead: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '別のユーザーでログイン（ログアウト）' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};
