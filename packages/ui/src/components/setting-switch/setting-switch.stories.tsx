import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SettingSwitch, type SettingSwitchProps } from './setting-switch';

const meta = {
  title: 'Components/SettingSwitch',
  component: SettingSwitch,
  tags: ['autodocs'],
  args: {
    label: '予約管理',
    description: '予約の受付・変更・キャンセルを使えるようにします。',
    checked: true,
    onCheckedChange: fn(),
  },
  argTypes: { onCheckedChange: { control: false } },
} satisfies Meta<typeof SettingSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

function Stateful(args: SettingSwitchProps) {
  const [checked, setChecked] = useState(args.checked);
  return (
    <SettingSwitch
      {...args}
      checked={checked}
      onCheckedChange={(next) => {
        args.onCheckedChange(next);
        setChecked(next);
      }}
    />
  );
}

/** Label and description belong to the switch; clicking the label or Space toggles it. */
export const Default: Story = {
  args: { badge: '既定' },
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: '予約管理' });
    await expect(control).toHaveAccessibleDescription(`既定 ${args.description}`);
    await expect(control).toBeChecked();
    await userEvent.tab();
    await expect(control).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
    await expect(control).not.toBeChecked();
    await userEvent.click(canvas.getByText('予約管理'));
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await expect(control).toBeChecked();
  },
};

/** A settings list: one row per feature, with 既定 / 変更済み badges. */
export const List: Story = {
  render: () => (
    <div className="max-w-xl divide-y divide-border rounded-md border border-border px-4">
      <Stateful
        label="顧客管理"
        description="顧客情報の登録と検索。"
        checked
        badge="既定"
        onCheckedChange={fn()}
      />
      <Stateful
        label="予約管理"
        description="予約の受付・変更・キャンセル。"
        checked={false}
        badge="変更済み"
        onCheckedChange={fn()}
      />
      <Stateful
        label="スタッフ管理"
        description="勤務表と担当の管理。"
        checked
        badge="既定"
        disabledReason="この機能はご契約のプランに含まれています"
        onCheckedChange={fn()}
      />
      <Stateful label="請求" description="準備中です。" checked={false} disabled onCheckedChange={fn()} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('switch')).toHaveLength(4);
    await expect(canvas.getByRole('switch', { name: '請求' })).toBeDisabled();
  },
};

/** Busy: a spinner, 保存中 is announced, and toggling is ignored until the save ends. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: '予約管理' });
    await expect(control).toHaveAttribute('aria-busy', 'true');
    await expect(control).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(control);
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    await expect(control).toBeChecked();
    await screen.findByText('保存中', { selector: '[data-slot="live-announcer"]' });
  },
};

/** Saving after a toggle: busy for a moment, then the switch is usable again. */
export const SaveRoundTrip: Story = {
  render: function SaveRoundTripStory(args) {
    const [checked, setChecked] = useState(false);
    const [busy, setBusy] = useState(false);
    return (
      <SettingSwitch
        {...args}
        checked={checked}
        busy={busy}
        onCheckedChange={(next) => {
          args.onCheckedChange(next);
          setChecked(next);
          setBusy(true);
          setTimeout(() => setBusy(false), 800);
        }}
      />
    );
  },
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: '予約管理' });
    await userEvent.click(control);
    await expect(control).toHaveAttribute('aria-busy', 'true');
    // Focus stays on the switch while it is busy (it is not disabled).
    await expect(control).toHaveFocus();
    await userEvent.click(control);
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(control).not.toHaveAttribute('aria-busy'), { timeout: 3000 });
    await userEvent.click(control);
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(2);
  },
};

/** Locked with a reason: still focusable, the reason is shown and read, toggling does nothing. */
export const DisabledWithReason: Story = {
  args: { disabledReason: '設定を変更する権限がありません', badge: '既定' },
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: '予約管理' });
    await expect(control).not.toBeDisabled();
    await expect(control).toHaveAttribute('aria-disabled', 'true');
    await expect(control).toHaveAccessibleDescription(
      `既定 ${args.description} 設定を変更する権限がありません`,
    );
    await expect(canvas.getByText('設定を変更する権限がありません')).toBeVisible();
    await userEvent.tab();
    await expect(control).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.click(control);
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

/** Disabled: out of the tab order. */
export const Disabled: Story = {
  args: { disabled: true, checked: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: '予約管理' })).toBeDisabled();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    label: 'オンライン予約の受付',
    description: '患者さんがウェブから予約できるようにします。受付時間外の予約は翌営業日に確認してください。',
    badge: '変更済み',
  },
  render: (args) => <Stateful {...args} />,
  play: async ({ canvas, canvasElement }) => {
    const control = canvas.getByRole('switch', { name: 'オンライン予約の受付' });
    await expect(control.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};
