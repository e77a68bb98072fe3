import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { activeSession, demoNotifications, storyNow } from '../../test/story-fixtures';
import { NotificationBell } from '../notification-bell/notification-bell';
import { SessionIndicator } from '../session-indicator/session-indicator';
import { TopBar } from './top-bar';

const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    tenantName: 'さくら内科クリニック',
    plan: 'standard',
    email: 'admin@sakura-clinic.example',
    role: 'admin',
    onMenuClick: fn(),
  },
  argTypes: {
    plan: { control: 'select', options: ['basic', 'standard', 'premium', 'enterprise', null] },
    role: { control: 'select', options: ['admin', 'staff', 'user', null] },
    sessionSlot: { control: false },
    notificationSlot: { control: false },
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

function slotOf(root: HTMLElement, slot: string): HTMLElement {
  const element = root.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
  if (!element) throw new Error(`${slot} が見つかりません`);
  return element;
}

export const Playground: Story = {
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByText('さくら内科クリニック')).toBeVisible();
    await expect(slotOf(canvasElement, 'top-bar-plan')).toHaveTextContent('スタンダード');
    await expect(canvas.getByText('admin@sakura-clinic.example')).toBeVisible();
    // The admin role shows in the primary colour.
    const role = slotOf(canvasElement, 'top-bar-role');
    await expect(role).toHaveTextContent('管理者');
    await expect(role).toHaveAttribute('data-variant', 'primary');
    const primary = getComputedStyle(document.documentElement).getPropertyValue('--primary').trim();
    const probe = document.createElement('span');
    probe.style.backgroundColor = primary;
    document.body.append(probe);
    const expected = getComputedStyle(probe).backgroundColor;
    probe.remove();
    await expect(getComputedStyle(role).backgroundColor).toBe(expected);
    // From 900px up the sidebar is permanent: no menu button.
    await expect(canvas.queryByRole('button', { name: 'メニューを開く' })).toBeNull();
  },
};

export const Plans: Story = {
  render: (args) => (
    <div className="grid gap-2">
      {['basic', 'standard', 'premium', 'enterprise'].map((plan) => (
        // Inside a <section> a <header> is not a banner landmark, so several can sit on one page; and
        // a sticky bar cannot leave its section, so each stays in place.
        <section key={plan} aria-label={`プラン ${plan}`}>
          <TopBar {...args} plan={plan} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const labels = [...canvasElement.querySelectorAll('[data-slot="top-bar-plan"]')].map((chip) =>
      chip.textContent?.replace('プラン', ''),
    );
    await expect(labels).toEqual(['ベーシック', 'スタンダード', 'プレミアム', 'enterprise']);
  },
};

export const Roles: Story = {
  render: (args) => (
    <div className="grid gap-2">
      {(['admin', 'staff', 'user', null] as const).map((role) => (
        <section key={role ?? 'none'} aria-label={`権限 ${role ?? '未設定'}`}>
          <TopBar {...args} role={role} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const chips = [...canvasElement.querySelectorAll('[data-slot="top-bar-role"]')];
    await expect(chips.map((chip) => chip.textContent?.replace('権限', ''))).toEqual([
      '管理者',
      'スタッフ',
      'ユーザー',
      'ユーザー',
    ]);
    await expect(chips.map((chip) => chip.getAttribute('data-variant'))).toEqual([
      'primary',
      'default',
      'default',
      'default',
    ]);
  },
};

/** The session status menu and the notification bell in their slots. */
export const WithSlots: Story = {
  args: {
    sessionSlot: <SessionIndicator session={activeSession} onExtend={fn()} />,
    notificationSlot: <NotificationBell unreadCount={3} notifications={demoNotifications} now={storyNow} />,
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'セッション 480分（有効）' }));
    await expect(await screen.findByRole('dialog', { name: 'セッション' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: /^通知\s*（未読 3 件）$/ }));
    await expect(await screen.findByRole('dialog', { name: '通知' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** At 375px: menu button, truncated tenant name, email read out but not shown, no overflow. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    tenantName: '医療法人社団さくら会 さくら内科・消化器内科クリニック 駅前分院',
    email: 'hanako.sato.reception@sakura-naika-clinic.example',
    plan: 'premium',
    role: 'staff',
    sessionSlot: WithSlots.args?.sessionSlot,
    notificationSlot: WithSlots.args?.notificationSlot,
  },
  play: async ({ args, canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'メニューを開く' }));
    await expect(args.onMenuClick).toHaveBeenCalledTimes(1);

    const header = slotOf(canvasElement, 'top-bar');
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);

    const tenant = slotOf(canvasElement, 'top-bar-tenant-name');
    await expect(tenant.scrollWidth).toBeGreaterThan(tenant.clientWidth); // truncated with an ellipsis
    await expect(tenant).toHaveAttribute('title', args.tenantName);

    // Visually hidden, still in the accessibility tree.
    const email = canvas.getByText(args.email);
    await expect(email.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(slotOf(canvasElement, 'top-bar-role')).toBeVisible();
  },
};
