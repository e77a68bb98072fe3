import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: '保存する', onClick: fn() },
  argTypes: {
    variant: {
      control: 'select',
      options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'],
    },
    size: { control: 'select', options: ['sm', 'md', 'lg', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: '保存する' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

const variants = ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      {variants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant === 'destructive' ? '削除する' : '保存する'}
        </Button>
      ))}
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      {sizes.map((size) => (
        <Button key={size} {...args} size={size}>
          {{ sm: '小', md: '中', lg: '大' }[size]}サイズ
        </Button>
      ))}
      <Button {...args} size="icon" aria-label="新規作成">
        <Plus />
      </Button>
      <Button {...args} size="icon" variant="outline" aria-label="新規作成" loading>
        <Plus />
      </Button>
    </div>
  ),
};

export const WithIcon: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args}>
        <Save />
        保存する
      </Button>
      <Button {...args} variant="destructive">
        <Trash2 />
        削除する
      </Button>
    </div>
  ),
};

/** Every variant × state, for review at a glance. */
export const States: Story = {
  render: (args) => (
    <table className="border-separate border-spacing-3 text-sm">
      <thead>
        <tr>
          <th className="text-left font-medium text-muted-foreground">種類</th>
          <th className="text-left font-medium text-muted-foreground">通常</th>
          <th className="text-left font-medium text-muted-foreground">無効</th>
          <th className="text-left font-medium text-muted-foreground">処理中</th>
        </tr>
      </thead>
      <tbody>
        {variants.map((variant) => (
          <tr key={variant}>
            <th scope="row" className="text-left font-normal">
              {variant}
            </th>
            <td>
              <Button {...args} variant={variant}>
                送信
              </Button>
            </td>
            <td>
              <Button {...args} variant={variant} disabled>
                送信
              </Button>
            </td>
            <td>
              <Button {...args} variant={variant} loading>
                送信
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
};

export const Loading: Story = {
  args: { loading: true, children: '保存中' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: '保存中' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Clicking starts a (simulated) save: the button turns busy and 処理中 is announced. */
export const ClickToLoad: Story = {
  render: function ClickToLoadStory(args) {
    const [saving, setSaving] = useState(false);
    return (
      <Button
        {...args}
        loading={saving}
        onClick={(event) => {
          args.onClick?.(event);
          setSaving(true);
          setTimeout(() => setSaving(false), 1500);
        }}
      >
        保存する
      </Button>
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: '保存する' });
    const region = document.querySelector('[data-slot="live-announcer"]');
    await expect(region).toBeInTheDocument();
    await expect(region).toHaveTextContent('');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    // The live region sits outside the button (and outside the canvas), at the end of <body>.
    const status = await screen.findByText('処理中');
    await expect(status).toHaveAttribute('data-slot', 'live-announcer');
    await expect(canvasElement).not.toContainElement(status);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'), { timeout: 3000 });
    await expect(button).toBeEnabled();
  },
};

export const AsLink: Story = {
  render: (args) => (
    <Button {...args} asChild variant="outline">
      <a href="#customers">顧客一覧へ</a>
    </Button>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: '顧客一覧へ' });
    await expect(link).toHaveAttribute('data-slot', 'button');
  },
};

const REASON = 'この操作には「設定の管理」の権限が必要です';

/**
 * Locked with a reason: still reachable by Tab, aria-disabled, the reason in a tooltip on hover and
 * focus and in aria-describedby. Click, Enter and Space do nothing.
 */
export const DisabledWithReason: Story = {
  args: { children: '招待する', disabledReason: REASON },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: '招待する' });
    await expect(button).not.toBeDisabled();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(REASON);
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tooltip = await screen.findByText(REASON, { selector: '[data-slot="tooltip-content"]' });
    await expect(tooltip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    // Hover shows it too (a locked button still takes pointer events).
    await userEvent.tab();
    await userEvent.unhover(button);
    await waitFor(() => expect(document.querySelector('[data-slot="tooltip-content"]')).toBeNull());
    await userEvent.hover(button);
    await waitFor(() => expect(document.querySelector('[data-slot="tooltip-content"]')).toBeVisible());
    await expect(getComputedStyle(button).pointerEvents).toBe('auto');
  },
};

/** A locked submit button does not submit its form, by click or by Enter in a field. */
export const DisabledWithReasonInForm: Story = {
  render: function DisabledInFormStory() {
    const [submitted, setSubmitted] = useState(0);
    return (
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted((count) => count + 1);
        }}
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm">
            メールアドレス
            <input
              name="email"
              className="h-10 rounded-md border border-input px-3"
              defaultValue="a@example.jp"
            />
          </label>
          <Button type="submit" disabledReason={REASON}>
            送信する
          </Button>
        </div>
        <p className="text-sm">送信回数: {submitted}</p>
      </form>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '送信する' }));
    await userEvent.click(canvas.getByRole('textbox', { name: 'メールアドレス' }));
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('送信回数: 0')).toBeInTheDocument();
  },
};
