import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PermissionMatrix, type PermissionMatrixProps } from './permission-matrix';

// Sample data for the stories only: the app brings its own catalogue and labels.
const resources = [
  { key: 'customers', label: '顧客', description: '患者・顧客の基本情報' },
  { key: 'reservations', label: '予約', description: '予約の受付と変更' },
  { key: 'staff', label: 'スタッフ', description: '勤務表と担当' },
  { key: 'settings', label: '設定' },
];
const actions = [
  { key: 'read', label: '閲覧' },
  { key: 'write', label: '編集' },
  { key: 'delete', label: '削除' },
  { key: 'manage', label: '管理' },
];
const available = [
  'customers.read',
  'customers.write',
  'customers.delete',
  'reservations.read',
  'reservations.write',
  'reservations.delete',
  'staff.read',
  'staff.write',
  'settings.manage',
];
const staffDefaults = [
  'customers.read',
  'customers.write',
  'reservations.read',
  'reservations.write',
  'staff.read',
];

const meta = {
  title: 'Components/PermissionMatrix',
  component: PermissionMatrix,
  tags: ['autodocs'],
  args: {
    caption: 'スタッフの権限',
    resources,
    actions,
    available,
    value: staffDefaults,
    onChange: fn(),
  },
  argTypes: { onChange: { control: false } },
} satisfies Meta<typeof PermissionMatrix>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Controlled by the story, so that toggling shows at once. */
function Stateful(args: PermissionMatrixProps) {
  const [value, setValue] = useState<readonly string[]>(args.value);
  return (
    <PermissionMatrix
      {...args}
      value={value}
      onChange={(next) => {
        args.onChange?.(next);
        setValue(next);
      }}
    />
  );
}

/** Editable: a checkbox per existing cell, named 「{対象}の{操作}」; missing cells show 「—」. */
export const Editable: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('table', { name: 'スタッフの権限' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '対象',
      '閲覧',
      '編集',
      '削除',
      '管理',
    ]);
    await expect(canvas.getByRole('rowheader', { name: /顧客/ })).toBeInTheDocument();
    // Only existing cells have a control.
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(available.length);
    await expect(canvas.queryByRole('checkbox', { name: '顧客の管理' })).toBeNull();

    const remove = canvas.getByRole('checkbox', { name: '顧客の削除' });
    await expect(remove).not.toBeChecked();
    await userEvent.click(remove);
    await expect(args.onChange).toHaveBeenLastCalledWith([
      ...staffDefaults.slice(0, 2),
      'customers.delete',
      ...staffDefaults.slice(2),
    ]);
    await expect(remove).toBeChecked();

    // Keyboard: Tab reaches the next checkbox, Space toggles it off.
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: '予約の閲覧' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenCalledTimes(2);
    await expect(canvas.getByRole('checkbox', { name: '予約の閲覧' })).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith([
      'customers.read',
      'customers.write',
      'customers.delete',
      'reservations.write',
      'staff.read',
    ]);
  },
};

/** Without onChange: ✓ / － with 許可 / 不許可 for screen readers, nothing to toggle. */
export const ReadOnly: Story = {
  args: { onChange: undefined, caption: '受付の権限（役割の既定）' },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('checkbox')).toHaveLength(0);
    const row = canvas.getByRole('row', { name: /顧客/ });
    const cells = within(row).getAllByRole('cell');
    await expect(cells[0]).toHaveTextContent('✓許可');
    await expect(cells[2]).toHaveTextContent('－不許可');
    await expect(cells[3]).toHaveTextContent('対象外');
    // The scrolling container is a labelled, focusable region (nothing else inside takes focus).
    const region = canvas.getByRole('region', { name: '受付の権限（役割の既定）' });
    await userEvent.tab();
    await expect(region).toHaveFocus();
  },
};

/** With the role's defaults: cells that differ carry a dot and 「既定と異なる」. */
export const DiffersFromDefaults: Story = {
  args: {
    defaults: staffDefaults,
    value: ['customers.read', 'customers.write', 'customers.delete', 'reservations.read', 'staff.read'],
  },
  render: (args) => <Stateful {...args} />,
  play: async ({ canvas }) => {
    const deleteBox = canvas.getByRole('checkbox', { name: '顧客の削除' });
    await expect(deleteBox).toHaveAccessibleDescription('既定と異なる');
    const writeBox = canvas.getByRole('checkbox', { name: '予約の編集' });
    await expect(writeBox).toHaveAccessibleDescription('既定と異なる');
    await expect(canvas.getByRole('checkbox', { name: '顧客の閲覧' })).toHaveAccessibleDescription('');
    await expect(canvas.getByText('印のある項目は既定と異なる設定です')).toBeVisible();
    // Back to the default: the mark goes away.
    await userEvent.click(deleteBox);
    await expect(deleteBox).toHaveAccessibleDescription('');
    await userEvent.click(writeBox);
    await expect(canvas.queryByText('印のある項目は既定と異なる設定です')).toBeNull();
  },
};

/** Read-only with defaults: the difference is read after 許可 / 不許可. */
export const ReadOnlyWithDefaults: Story = {
  args: { onChange: undefined, defaults: staffDefaults, value: [...staffDefaults, 'settings.manage'] },
  play: async ({ canvas }) => {
    const row = canvas.getByRole('row', { name: /設定/ });
    await expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('許可（既定と異なる）');
  },
};

/** Locked: looks editable, the reason is shown once above the table, toggling does nothing. */
export const LockedWithReason: Story = {
  args: { disabledReason: '管理者の権限は変更できません', captionHidden: true },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('管理者の権限は変更できません')).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'スタッフの権限' })).toHaveAccessibleDescription(
      '管理者の権限は変更できません',
    );
    const box = canvas.getByRole('checkbox', { name: '顧客の削除' });
    await expect(box).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(box);
    await userEvent.keyboard(' ');
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(box).not.toBeChecked();
  },
};

/** 375 px: the table scrolls sideways inside its own box, the row names stay in place. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    actions: [...actions, { key: 'export', label: '書き出し' }, { key: 'approve', label: '承認' }],
    available: [...available, 'customers.export', 'reservations.approve'],
    defaults: staffDefaults,
    value: [...staffDefaults, 'customers.delete'],
  },
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, canvas }) => {
    const table = canvas.getByRole('table');
    const scroller = table.parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    // The page itself does not scroll sideways.
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      window.innerWidth,
    );
    const rowHeader = canvas.getByRole('rowheader', { name: /顧客/ });
    const before = rowHeader.getBoundingClientRect().left;
    scroller.scrollLeft = scroller.scrollWidth;
    await expect(Math.round(rowHeader.getBoundingClientRect().left)).toBe(Math.round(before));
    await userEvent.click(canvas.getByRole('checkbox', { name: '設定の管理' }));
    await expect(canvas.getByRole('checkbox', { name: '設定の管理' })).toBeChecked();
  },
};
