import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { DateField } from './date-field';

const meta = {
  title: 'Components/DateField',
  component: DateField,
  tags: ['autodocs'],
  args: { label: '来院日', onValueChange: fn() },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typed as YYYY/MM/DD (or full-width, 20261122, 2026-11-22…), shown back as YYYY/MM/DD with 和暦. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: '来院日' });
    await userEvent.type(input, '２０２６１１２２');
    await userEvent.tab();
    await expect(input).toHaveValue('2026/11/22');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-11-22');
    await expect(canvas.getByText('和暦: 令和8年11月22日')).toBeVisible();
    await expect(input).toHaveAccessibleDescription(
      'YYYY/MM/DD の形式で入力してください 和暦: 令和8年11月22日',
    );
  },
};

/** A date that does not exist shows the format error and gives null. */
export const Invalid: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: '来院日' });
    await userEvent.type(input, '2026/02/30{Enter}');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('日付を YYYY/MM/DD の形式で正しく入力してください')).toBeVisible();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
    await userEvent.clear(input);
    await userEvent.type(input, '2026-2-28');
    await userEvent.tab();
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(input).toHaveValue('2026/02/28');
  },
};

export const Catalog: Story = {
  render: function CatalogStory() {
    const [due, setDue] = useState<string | null>('2027-04-01');
    return (
      <div className="grid gap-6">
        <DateField label="期限" value={due} onValueChange={setDue} required />
        <DateField label="生年月日" defaultValue="1989-01-08" description="和暦の境目（平成元年）" />
        <DateField label="和暦なし" defaultValue="2026-11-22" showWareki={false} />
        <DateField label="サーバーのエラー" defaultValue="2020-01-01" error="過去の日付は指定できません" />
        <DateField label="無効" defaultValue="2026-11-22" disabled />
      </div>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('和暦: 令和9年4月1日')).toBeVisible();
    await expect(canvas.getByText('和暦: 平成元年1月8日')).toBeVisible();
  },
};
