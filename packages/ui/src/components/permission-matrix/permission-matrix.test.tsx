import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PermissionMatrix } from './permission-matrix';

const resources = [
  { key: 'customers', label: '顧客' },
  { key: 'staff', label: 'スタッフ' },
];
const actions = [
  { key: 'read', label: '閲覧' },
  { key: 'write', label: '編集' },
];
const available = ['customers.read', 'customers.write', 'staff.read'];

describe('PermissionMatrix', () => {
  it('adds and removes a cell in the order of available, keeping keys it does not show', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <PermissionMatrix
        caption="権限"
        resources={resources}
        actions={actions}
        available={available}
        value={['staff.read', 'billing.read']}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: '顧客の編集' }));
    expect(onChange).toHaveBeenLastCalledWith(['customers.write', 'staff.read', 'billing.read']);
    rerender(
      <PermissionMatrix
        caption="権限"
        resources={resources}
        actions={actions}
        available={available}
        value={['customers.write', 'staff.read', 'billing.read']}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'スタッフの閲覧' }));
    expect(onChange).toHaveBeenLastCalledWith(['customers.write', 'billing.read']);
  });

  it('renders no control for a missing cell and none at all when read-only', () => {
    const { rerender } = render(
      <PermissionMatrix
        caption="権限"
        resources={resources}
        actions={actions}
        available={available}
        value={[]}
        onChange={() => {}}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'スタッフの編集' })).toBeNull();
    rerender(
      <PermissionMatrix
        caption="権限"
        resources={resources}
        actions={actions}
        available={available}
        value={['customers.read']}
      />,
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getAllByText('許可')).toHaveLength(1);
    expect(screen.getAllByText('不許可')).toHaveLength(2);
  });

  it('ignores toggling while locked and describes the table with the reason', async () => {
    const onChange = vi.fn();
    render(
      <PermissionMatrix
        caption="権限"
        resources={resources}
        actions={actions}
        available={available}
        value={[]}
        onChange={onChange}
        disabledReason="変更できません"
      />,
    );
    expect(screen.getByRole('table')).toHaveAccessibleDescription('変更できません');
    await userEvent.click(screen.getByRole('checkbox', { name: '顧客の閲覧' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
