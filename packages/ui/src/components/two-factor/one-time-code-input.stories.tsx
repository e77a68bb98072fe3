import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { OneTimeCodeInput, type OneTimeCodeInputProps } from './one-time-code-input';

/** The input with its own state, as a screen holds it. */
function Controlled(props: Partial<OneTimeCodeInputProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <OneTimeCodeInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/TwoFactor/OneTimeCodeInput',
  component: OneTimeCodeInput,
  tags: ['autodocs'],
  args: { value: '', onChange: fn(), onComplete: fn() },
  render: (args) => <Controlled {...args} />,
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof OneTimeCodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Digits only, six at most; the sixth calls onComplete. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('確認コード');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '12a3-4567');
    await expect(input).toHaveValue('123456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

/** A pasted 「123 456」 (as a mail or an app shows it) becomes 123456. */
export const Paste: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('確認コード');
    await userEvent.click(input);
    await userEvent.paste('123 456');
    await expect(input).toHaveValue('123456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

/**
 * A Japanese IME typing full-width digits: the text is left alone while it composes and turned
 * into ASCII digits when the composition ends.
 */
export const JapaneseIme: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('確認コード') as HTMLInputElement;
    // What the browser does while an IME composes: compositionstart, then input events marked
    // isComposing with the text so far, then compositionend.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    input.focus();
    input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    setValue?.call(input, '１２３');
    input.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, data: '１２３' }));
    // Give React its render: the composing text must still be there, untouched.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(input).toHaveValue('１２３');
    await expect(args.onChange).not.toHaveBeenCalled();
    input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '１２３' }));
    // React renders the update after the event (a microtask), not inside dispatchEvent.
    await waitFor(() => expect(input).toHaveValue('123'));
    await expect(args.onChange).toHaveBeenCalledWith('123');
  },
};

export const WithError: Story = {
  args: { value: '000000', error: '確認コードが正しくありません。' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('確認コード');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/確認コードが正しくありません。/);
  },
};

export const Disabled: Story = { args: { value: '123', disabled: true } };

/** Another label and no help text (e.g. inside a dialog that explains it). */
export const CustomLabel: Story = { args: { label: '認証アプリのコード', description: null } };
