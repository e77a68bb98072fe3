import type { Meta, StoryObj } from '@storybook/react-vite';
import { House, NotebookPen, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { sampleNavItems } from '../../test/sample-nav-items';
import { demoUser, StoryLink, StoryRouter } from '../../test/story-fixtures';
import { Button } from '../button/button';
import { AppSidebar, type AppSidebarProps } from './app-sidebar';

/** The sidebar with its drawer state and current path held by the story. */
function StatefulSidebar(args: AppSidebarProps) {
  const [open, setOpen] = useState(args.mobileOpen);
  return (
    <StoryRouter initialHref={args.activeHref}>
      {(activeHref) => (
        <>
          <div className="p-4 md:pl-[calc(var(--sidebar-width)+1rem)]">
            <Button variant="outline" className="md:hidden" onClick={() => setOpen(true)}>
              メニューを開く
            </Button>
            <p className="hidden text-sm text-muted-foreground md:block">現在のパス: {activeHref}</p>
          </div>
          <AppSidebar
            {...args}
            activeHref={activeHref}
            mobileOpen={open}
            onMobileOpenChange={(next) => {
              args.onMobileOpenChange(next);
              setOpen(next);
            }}
          />
        </>
      )}
    </StoryRouter>
  );
}

const meta = {
  title: 'Layout/AppSidebar',
  component: AppSidebar,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    // The sidebar is position: fixed; give each docs example its own frame.
    docs: { story: { inline: false, iframeHeight: 720 } },
  },
  args: {
    // The app passes its own items; these are the stories' sample (test/sample-nav-items.ts).
    items: sampleNavItems,
    activeHref: '/customers',
    user: demoUser,
    onLogout: fn(),
    mobileOpen: false,
    onMobileOpenChange: fn(),
    linkComponent: StoryLink,
  },
  argTypes: { items: { control: false }, linkComponent: { control: false }, brand: { control: false } },
  render: (args) => <StatefulSidebar {...args} />,
} satisfies Meta<typeof AppSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'メインメニュー' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(sampleNavItems.map((item) => item.label));
    await expect(within(nav).getByRole('link', { name: '顧客管理' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
    // Choosing another item moves aria-current.
    await userEvent.click(within(nav).getByRole('link', { name: '商品管理' }));
    await expect(within(nav).getByRole('link', { name: '商品管理' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: '顧客管理' })).not.toHaveAttribute('aria-current');
  },
};

export const HomeActive: Story = {
  args: { activeHref: '/' },
  play: async ({ canvas }) => {
    const current = canvas
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    await expect(current.map((link) => link.textContent)).toEqual(['ホーム']);
  },
};

/** A nested route keeps its section highlighted. */
export const NestedRouteActive: Story = {
  args: { activeHref: '/customers/42' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '顧客管理' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Default flags of the specification: staff management, invitations and session management off. */
export const FeaturesOff: Story = {
  args: {
    enabledFeatures: {
      staff_management: false,
      invitations: false,
      session_management: false,
      workflow_ai: true,
    },
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'メインメニュー' });
    for (const hidden of ['スタッフ管理', '招待管理', 'セッション管理']) {
      await expect(within(nav).queryByRole('link', { name: hidden })).toBeNull();
    }
    await expect(within(nav).getByRole('link', { name: 'ワークフローAI' })).toBeVisible();
    await expect(within(nav).getAllByRole('link')).toHaveLength(sampleNavItems.length - 3);
  },
};

export const NameFallback: Story = {
  args: { user: { name: null, email: 'staff@sakura-clinic.example' } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('staff', { selector: '[data-slot="app-sidebar-user-name"]' }),
    ).toBeVisible();
    await expect(canvas.getByText('S', { selector: '[data-slot="app-sidebar-avatar"]' })).toBeVisible();
    await expect(canvas.getByText('staff@sakura-clinic.example')).toBeVisible();
  },
};

export const Logout: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('佐', { selector: '[data-slot="app-sidebar-avatar"]' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ログアウト' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

/** The sidebar shows exactly the items it is given, hiding those whose feature is off. */
export const OwnItems: Story = {
  args: {
    items: [
      { key: 'home', label: 'ホーム', href: '/', icon: House },
      { key: 'patients', label: '患者一覧', href: '/patients', icon: Stethoscope },
      { key: 'reports', label: '診療日誌', href: '/reports', icon: NotebookPen, feature: 'reports' },
    ],
    activeHref: '/patients/7',
    enabledFeatures: { reports: false },
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'メインメニュー' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['ホーム', '患者一覧']);
    await expect(within(nav).getByRole('link', { name: '患者一覧' })).toHaveAttribute('aria-current', 'page');
  },
};

export const CustomBrand: Story = {
  args: { brand: <span className="text-lg font-bold text-primary">みどり歯科</span> },
};

/** Below 900px: a drawer that closes on Escape, on the overlay and when an item is chosen. */
export const MobileDrawer: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args, canvas, step }) => {
    // Below md the permanent column is not shown at all.
    await expect(canvas.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    const openButton = canvas.getByRole('button', { name: 'メニューを開く' });

    await step('Escape closes the drawer', async () => {
      await userEvent.click(openButton);
      // Radix renders the dialog in a portal at the end of <body>, outside the canvas.
      const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
      await expect(within(drawer).getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
      // Focus starts on the close button, never on ログアウト.
      await expect(within(drawer).getByRole('button', { name: '閉じる' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(args.onMobileOpenChange).toHaveBeenLastCalledWith(false);
    });

    await step('choosing an item closes the drawer and navigates', async () => {
      await userEvent.click(openButton);
      const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
      await userEvent.click(within(drawer).getByRole('link', { name: 'AI法務チェック' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await userEvent.click(openButton);
      const reopened = await screen.findByRole('dialog', { name: 'メニュー' });
      await expect(within(reopened).getByRole('link', { name: 'AI法務チェック' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    await step('the overlay closes the drawer', async () => {
      const overlay = document.querySelector('[data-slot="app-sidebar-overlay"]');
      await expect(overlay).toBeInTheDocument();
      await userEvent.click(overlay as HTMLElement);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    await step('the close button closes the drawer', async () => {
      await userEvent.click(openButton);
      const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
      await userEvent.click(within(drawer).getByRole('button', { name: '閉じる' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(openButton).toHaveFocus();
    });
  },
};

export const MobileDrawerOpen: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { mobileOpen: true },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    await expect(within(drawer).getByRole('link', { name: '顧客管理' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(drawer).getByRole('button', { name: 'ログアウト' })).toBeVisible();
  },
};

/** A count on an item, e.g. unread notifications on 通知 (read out as （未読 3 件）). */
export const WithBadges: Story = {
  args: { itemBadges: { notifications: 3 } },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: /^通知\s*（未読 3 件）$/ });
    await expect(link.querySelector('[data-slot="app-sidebar-item-badge"]')).toHaveTextContent('3');
  },
};
