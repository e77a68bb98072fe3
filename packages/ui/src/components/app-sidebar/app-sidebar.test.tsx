import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../../i18n';
import { AppSidebar, type AppSidebarProps } from './app-sidebar';
import { isNavItemActive, userDisplayName, userInitial, visibleNavItems } from './nav';
import { productNavItems } from './nav-items';

describe('productNavItems', () => {
  it('lists every item of the specification in order, with its feature', () => {
    expect(productNavItems.map(({ label, href, feature }) => [label, href, feature ?? null])).toEqual([
      ['ホーム', '/', null],
      ['顧客管理', '/customers', null],
      ['商品管理', '/products', null],
      ['AIアシスタント', '/chat', 'staff_chat'],
      ['AI文書管理', '/documents', 'legal_checks'],
      ['AI法務チェック', '/legal-check', 'legal_check'],
      ['AIインテリジェンス', '/deep-research', 'deep_research'],
      ['ナレッジベースAI', '/knowledge-base', 'knowledge_base'],
      ['招待管理', '/invitations', 'invitations'],
      ['ワークフローAI', '/workflow', 'workflow_ai'],
      ['マーケティングAI', '/marketing', 'marketing_ai'],
      ['スタッフ管理', '/staff', 'staff_management'],
      ['ユーザー管理', '/tenant-users', 'tenant_users'],
      ['通知', '/notifications', 'notifications'],
      ['セッション管理', '/session-manager', 'session_management'],
    ]);
    expect(new Set(productNavItems.map((item) => item.key)).size).toBe(productNavItems.length);
  });
});

describe('visibleNavItems', () => {
  it('hides an item only when its feature is explicitly false', () => {
    const keys = visibleNavItems(productNavItems, {
      staff_chat: false,
      invitations: true,
      marketing_ai: undefined,
    }).map((item) => item.key);
    expect(keys).not.toContain('chat');
    expect(keys).toContain('invitations');
    expect(keys).toContain('marketing');
    expect(keys).toHaveLength(productNavItems.length - 1);
  });

  it('never hides items without a feature', () => {
    const allOff = Object.fromEntries(productNavItems.map((item) => [item.feature ?? 'none', false]));
    expect(visibleNavItems(productNavItems, allOff).map((item) => item.key)).toEqual([
      'home',
      'customers',
      'products',
    ]);
  });

  it('shows everything without flags', () => {
    expect(visibleNavItems(productNavItems, undefined)).toHaveLength(productNavItems.length);
  });
});

describe('isNavItemActive', () => {
  it('matches / exactly and other paths by segment prefix', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/customers')).toBe(false);
    expect(isNavItemActive('/customers', '/customers')).toBe(true);
    expect(isNavItemActive('/customers', '/customers/42')).toBe(true);
    expect(isNavItemActive('/customers', '/customers/?page=2')).toBe(true);
    expect(isNavItemActive('/staff', '/staff-list')).toBe(false);
    expect(isNavItemActive('/documents', '/')).toBe(false);
  });
});

describe('user display', () => {
  it('uses the name, else the email prefix', () => {
    expect(userDisplayName({ name: '佐藤 花子', email: 'hanako@sakura-clinic.example' })).toBe('佐藤 花子');
    expect(userDisplayName({ name: '  ', email: 'hanako@sakura-clinic.example' })).toBe('hanako');
    expect(userDisplayName({ name: null, email: 'staff@sakura-clinic.example' })).toBe('staff');
  });

  it('takes the first character of the name, else of the email', () => {
    expect(userInitial({ name: '佐藤 花子', email: 'hanako@sakura-clinic.example' })).toBe('佐');
    expect(userInitial({ email: 'admin@sakura-clinic.example' })).toBe('A');
    expect(userInitial({ name: '𠮷田 太郎', email: 'x@example.com' })).toBe('𠮷');
  });
});

function renderSidebar(overrides: Partial<AppSidebarProps> = {}) {
  const props: AppSidebarProps = {
    activeHref: '/customers/12',
    user: { name: null, email: 'admin@sakura-clinic.example' },
    onLogout: vi.fn(),
    mobileOpen: false,
    onMobileOpenChange: vi.fn(),
    ...overrides,
  };
  render(<AppSidebar {...props} />);
  return props;
}

describe('AppSidebar', () => {
  it('marks the current section and hides switched-off features', () => {
    renderSidebar({ enabledFeatures: { knowledge_base: false } });
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: '顧客管理' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
    expect(within(nav).queryByRole('link', { name: 'ナレッジベースAI' })).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(productNavItems.length - 1);
  });

  it('shows the initial, email prefix and email, and logs out', async () => {
    const props = renderSidebar();
    expect(screen.getByText('A')).toHaveAttribute('data-slot', 'app-sidebar-avatar');
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByText('admin@sakura-clinic.example')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
  });

  it('closes the drawer when an item is chosen', async () => {
    const props = renderSidebar({
      mobileOpen: true,
      linkComponent: ({ href, className, children, onClick, 'aria-current': current }) => (
        <button type="button" data-href={href} className={className} aria-current={current} onClick={onClick}>
          {children}
        </button>
      ),
    });
    const drawer = screen.getByRole('dialog', { name: 'メニュー' });
    await userEvent.click(within(drawer).getByRole('button', { name: '商品管理' }));
    expect(props.onMobileOpenChange).toHaveBeenCalledWith(false);
  });

  it('takes its labels from the messages provider', () => {
    render(
      <MessagesProvider messages={{ sidebar: { logout: 'サインアウト' } }}>
        <AppSidebar
          activeHref="/"
          user={{ email: 'a@example.com' }}
          onLogout={() => {}}
          mobileOpen={false}
          onMobileOpenChange={() => {}}
        />
      </MessagesProvider>,
    );
    expect(screen.getByRole('button', { name: 'サインアウト' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'メインメニュー' })).toBeInTheDocument();
  });
});
