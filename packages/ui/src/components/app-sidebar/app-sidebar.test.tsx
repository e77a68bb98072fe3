import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../../i18n';
import { sampleNavItems } from '../../test/sample-nav-items';
import { AppSidebar, type AppSidebarProps } from './app-sidebar';
import { isNavItemActive, userDisplayName, userInitial, visibleNavItems } from './nav';

describe('visibleNavItems', () => {
  it('hides an item only when its feature is explicitly false', () => {
    const keys = visibleNavItems(sampleNavItems, {
      calendar: false,
      invitations: true,
      workflow_ai: undefined,
    }).map((item) => item.key);
    expect(keys).not.toContain('calendar');
    expect(keys).toContain('invitations');
    expect(keys).toContain('workflow');
    expect(keys).toHaveLength(sampleNavItems.length - 1);
  });

  it('never hides items without a feature', () => {
    const allOff = Object.fromEntries(sampleNavItems.map((item) => [item.feature ?? 'none', false]));
    expect(visibleNavItems(sampleNavItems, allOff).map((item) => item.key)).toEqual([
      'home',
      'customers',
      'products',
    ]);
  });

  it('shows everything without flags', () => {
    expect(visibleNavItems(sampleNavItems, undefined)).toHaveLength(sampleNavItems.length);
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
    items: sampleNavItems,
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
    renderSidebar({ enabledFeatures: { legal_check: false } });
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: '顧客管理' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
    expect(within(nav).queryByRole('link', { name: 'AI法務チェック' })).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(sampleNavItems.length - 1);
  });

  it('shows exactly the items it is given, in their order', () => {
    renderSidebar({
      items: [
        { key: 'patients', label: '患者一覧', href: '/patients', icon: () => null },
        { key: 'home', label: 'ホーム', href: '/', icon: () => null },
      ],
      activeHref: '/',
    });
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['患者一覧', 'ホーム']);
    expect(within(nav).getByRole('link', { name: 'ホーム' })).toHaveAttribute('aria-current', 'page');
  });

  it('renders no drawer while closed, and the drawer when open', async () => {
    const props = renderSidebar();
    expect(document.querySelector('[data-slot="app-sidebar-drawer"]')).toBeNull();
    cleanup();
    renderSidebar({ ...props, mobileOpen: true });
    expect(await screen.findByRole('dialog', { name: 'メニュー' })).toBeInTheDocument();
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
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    await userEvent.click(within(drawer).getByRole('button', { name: '商品管理' }));
    expect(props.onMobileOpenChange).toHaveBeenCalledWith(false);
  });

  it('takes its labels from the messages provider', () => {
    render(
      <MessagesProvider messages={{ sidebar: { logout: 'サインアウト' } }}>
        <AppSidebar
          items={sampleNavItems}
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
