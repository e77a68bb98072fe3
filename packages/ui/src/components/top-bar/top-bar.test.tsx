import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../../i18n';
import { TopBar } from './top-bar';

function chip(slot: 'top-bar-plan' | 'top-bar-role') {
  const element = document.querySelector(`[data-slot="${slot}"]`);
  if (!element) throw new Error(`no ${slot}`);
  return element;
}

describe('TopBar', () => {
  it.each([
    ['basic', 'ベーシック'],
    ['standard', 'スタンダード'],
    ['premium', 'プレミアム'],
    ['enterprise', 'enterprise'],
  ])('shows plan %s as %s', (plan, label) => {
    render(<TopBar tenantName="さくら内科クリニック" plan={plan} email="a@example.com" />);
    expect(chip('top-bar-plan')).toHaveTextContent(`プラン${label}`);
  });

  it('shows no plan chip without a plan', () => {
    render(<TopBar tenantName="みどり歯科" plan={null} email="a@example.com" />);
    expect(document.querySelector('[data-slot="top-bar-plan"]')).toBeNull();
  });

  it.each([
    ['admin', '管理者', 'primary'],
    ['staff', 'スタッフ', 'default'],
    ['user', 'ユーザー', 'default'],
    [null, 'ユーザー', 'default'],
    ['auditor', 'auditor', 'default'],
  ])('shows role %s as %s in the %s chip', (role, label, variant) => {
    render(<TopBar tenantName="さくら内科クリニック" email="a@example.com" role={role} />);
    expect(chip('top-bar-role')).toHaveTextContent(`権限${label}`);
    expect(chip('top-bar-role')).toHaveAttribute('data-variant', variant);
  });

  it('keeps the email readable by assistive technology and calls onMenuClick', async () => {
    const onMenuClick = vi.fn();
    render(
      <TopBar
        tenantName="さくら内科クリニック"
        email="admin@sakura-clinic.example"
        onMenuClick={onMenuClick}
      />,
    );
    expect(screen.getByText('admin@sakura-clinic.example')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    expect(onMenuClick).toHaveBeenCalledTimes(1);
  });

  it('renders no menu button without onMenuClick', () => {
    render(<TopBar tenantName="さくら内科クリニック" email="a@example.com" />);
    expect(screen.queryByRole('button', { name: 'メニューを開く' })).toBeNull();
  });

  it('lets the app rename plans and roles', () => {
    render(
      <MessagesProvider messages={{ topBar: { planLabels: { premium: 'プレミアム（年契約）' } } }}>
        {/* biome-ignore lint/a11y/useValidAriaRole: TopBar's `role` is the user's role in the tenant, not an ARIA role. */}
        <TopBar tenantName="さくら内科クリニック" plan="premium" email="a@example.com" role="admin" />
      </MessagesProvider>,
    );
    expect(chip('top-bar-plan')).toHaveTextContent('プレミアム（年契約）');
    // Keys that were not overridden keep their Japanese defaults.
    expect(chip('top-bar-role')).toHaveTextContent('管理者');
  });
});
