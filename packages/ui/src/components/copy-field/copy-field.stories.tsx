import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CopyField } from './copy-field';

const INVITE_URL = 'https://app.tsumiki.example/invite?code=K7Q2-M9XD-4HTR';

/** Replaces navigator.clipboard.writeText for one story; returns what was written and a restore. */
function stubClipboard(behaviour: 'ok' | 'fail') {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (behaviour === 'fail') throw new DOMException('Write permission denied.', 'NotAllowedError');
        written.push(text);
      },
    },
  });
  const restore = () => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
  return { written, restore };
}

const meta = {
  title: 'Components/CopyField',
  component: CopyField,
  tags: ['autodocs'],
  args: {
    label: '招待リンク',
    value: INVITE_URL,
    description: 'このリンクを招待する人に送ってください。リンクは 7 日間有効です。',
    onCopied: fn(),
  },
} satisfies Meta<typeof CopyField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Copy writes the value, the button says コピーしました for 2 s, and it is announced politely. */
export const Default: Story = {
  play: async ({ args, canvas }) => {
    const clipboard = stubClipboard('ok');
    try {
      const input = canvas.getByRole('textbox', { name: '招待リンク' });
      await expect(input).toHaveAttribute('readonly');
      await expect(input).toHaveValue(INVITE_URL);
      await expect(input).toHaveAccessibleDescription(args.description as string);
      // Focus selects everything.
      await userEvent.tab();
      await expect(input).toHaveFocus();
      await expect([input as HTMLInputElement].map((el) => [el.selectionStart, el.selectionEnd])[0]).toEqual([
        0,
        INVITE_URL.length,
      ]);
      await userEvent.tab();
      const button = canvas.getByRole('button', { name: 'コピー' });
      await expect(button).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(clipboard.written).toEqual([INVITE_URL]);
      await expect(args.onCopied).toHaveBeenCalledTimes(1);
      await expect(canvas.getByRole('button', { name: 'コピーしました' })).toBeInTheDocument();
      const status = await screen.findByText('コピーしました', { selector: '[data-slot="live-announcer"]' });
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await waitFor(() => expect(canvas.getByRole('button', { name: 'コピー' })).toBeInTheDocument(), {
        timeout: 3000,
      });
    } finally {
      clipboard.restore();
    }
  },
};

/** A long URL at 375 px: the field scrolls inside, the page does not. */
export const LongUrlMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    value: `${INVITE_URL}&tenant=sakura-clinic-shinjuku-higashiguchi&utm_source=mail&utm_campaign=staff-onboarding-2026`,
  },
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole('textbox', { name: '招待リンク' });
    await expect(input.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(
      canvas.getByRole('button', { name: 'コピー' }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};

/** The clipboard refuses: the text is selected and the user is told to copy it by hand. */
export const ClipboardFailure: Story = {
  play: async ({ args, canvas }) => {
    const clipboard = stubClipboard('fail');
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'コピー' }));
      const message = 'コピーできませんでした。選択された文字をコピーしてください';
      await expect(await canvas.findByText(message)).toBeVisible();
      const input = canvas.getByRole('textbox', { name: '招待リンク' }) as HTMLInputElement;
      await expect(input).toHaveFocus();
      await expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
      await expect(input).toHaveAccessibleDescription(`${args.description} ${message}`);
      await expect(args.onCopied).not.toHaveBeenCalled();
      await screen.findByText(message, { selector: '[data-slot="live-announcer"]' });
    } finally {
      clipboard.restore();
    }
  },
};
