import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageSquareText, Users } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { sampleNavItems } from '../../test/sample-nav-items';
import {
  activeSession,
  demoNotifications,
  demoTenant,
  demoUser,
  StoryLink,
  StoryRouter,
  storyNow,
} from '../../test/story-fixtures';
import { Alert } from '../alert/alert';
import { AppSidebar } from '../app-sidebar/app-sidebar';
import { Button } from '../button/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../card/card';
import { NotificationBell } from '../notification-bell/notification-bell';
import { SessionIndicator } from '../session-indicator/session-indicator';
import { TopBar } from '../top-bar/top-bar';
import { AppLayout } from './app-layout';

type ShellArgs = {
  initialHref: string;
  initialOpen: boolean;
  onLogout: () => void;
  onMobileOpenChange: (open: boolean) => void;
};

function DashboardContent() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">ダッシュボード</h1>
        <p className="mt-1 text-sm text-muted-foreground">佐藤 花子 さん、お疲れさまです。</p>
      </div>
      <Alert
        variant="info"
        title="お知らせ"
        description="「対応履歴」の一覧が 2026年11月22日 に新しくなりました。"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ['顧客数', '1,248'],
          ['対応履歴', '5,306'],
          ['今月の活動', '312'],
        ].map(([title, value]) => (
          <Card key={title} role="group" aria-label={title}>
            <CardHeader>
              <CardDescription>{title}</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold tabular-nums">{value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>最近の対応履歴</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {[
              ['山田 太郎 様：定期健診の予約変更（12月3日 10:00 へ）', '2026/11/21 16:40'],
              ['鈴木 一郎 様：検査結果について電話で説明しました', '2026/11/21 11:05'],
              ['高橋 美咲 様：（初診）問診票を受け取りました', '2026/11/20 09:30'],
            ].map(([summary, time]) => (
              <li
                key={summary}
                className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4"
              >
                <span>{summary}</span>
                <time className="shrink-0 text-xs text-muted-foreground tabular-nums">{time}</time>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <a href="#customers">
            <Users />
            顧客一覧へ
          </a>
        </Button>
        <Button variant="outline" asChild>
          <a href="#chat">
            <MessageSquareText />
            AIアシスタントに相談
          </a>
        </Button>
      </div>
    </div>
  );
}

function Shell({ initialHref, initialOpen, onLogout, onMobileOpenChange }: ShellArgs) {
  const [open, setOpen] = useState(initialOpen);
  return (
    <StoryRouter initialHref={initialHref}>
      {(activeHref) => (
        <AppLayout
          sidebar={
            <AppSidebar
              items={sampleNavItems}
              activeHref={activeHref}
              user={demoUser}
              enabledFeatures={{ staff_management: false, invitations: false, session_management: false }}
              itemBadges={{ notifications: 3 }}
              onLogout={onLogout}
              mobileOpen={open}
              onMobileOpenChange={(next) => {
                onMobileOpenChange(next);
                setOpen(next);
              }}
              linkComponent={StoryLink}
            />
          }
          topBar={
            <TopBar
              {...demoTenant}
              email={demoUser.email}
              onMenuClick={() => setOpen(true)}
              sessionSlot={<SessionIndicator session={activeSession} onExtend={() => {}} />}
              notificationSlot={
                <NotificationBell unreadCount={3} notifications={demoNotifications} now={storyNow} />
              }
            />
          }
        >
          <DashboardContent />
        </AppLayout>
      )}
    </StoryRouter>
  );
}

const meta = {
  title: 'Layout/AppLayout',
  component: Shell,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 800 } },
  },
  args: { initialHref: '/', initialOpen: false, onLogout: fn(), onMobileOpenChange: fn() },
} satisfies Meta<typeof Shell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    const main = canvas.getByRole('main');
    await expect(main).toHaveAttribute('id', 'main-content');
    // The sidebar is a 240px column and the content starts right of it.
    const sidebar = canvasElement.querySelector<HTMLElement>('[data-slot="app-sidebar"]');
    await expect(sidebar?.getBoundingClientRect().width).toBe(240);
    await expect(main.getBoundingClientRect().left).toBeGreaterThanOrEqual(240);
    await expect(canvas.getByRole('link', { name: 'ホーム' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('button', { name: 'メニューを開く' })).toBeNull();
    // The skip link is the first stop of the keyboard and points at <main>.
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'メインコンテンツへ移動' });
    await expect(skip).toHaveFocus();
    await expect(skip).toHaveAttribute('href', '#main-content');
    await expect(skip).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args, canvasElement, canvas }) => {
    await expect(canvasElement.querySelector('[data-slot="app-sidebar"]')).not.toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(canvas.getByRole('button', { name: 'メニューを開く' }));
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    await userEvent.click(within(drawer).getByRole('link', { name: '顧客管理' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onMobileOpenChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(canvas.getByRole('button', { name: 'メニューを開く' }));
    await screen.findByRole('dialog', { name: 'メニュー' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const MobileDrawerOpen: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { initialOpen: true, initialHref: '/customers' },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'メニュー' });
    await expect(within(drawer).getByRole('link', { name: '顧客管理' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
