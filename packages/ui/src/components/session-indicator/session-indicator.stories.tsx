import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { SessionSecurityEvent, SessionStatus } from '../../lib/session';
import { activeSession, storyNow } from '../../test/story-fixtures';
import { SessionIndicator } from './session-indicator';

const withMinutes = (minutes: number, extra: Partial<SessionStatus> = {}): SessionStatus => ({
  ...activeSession,
  time_remaining_minutes: minutes,
  ...extra,
});

const meta = {
  title: 'Composites/SessionIndicator',
  component: SessionIndicator,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { session: activeSession, onExtend: fn(), onManage: fn() },
} satisfies Meta<typeof SessionIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 480 minutes left: success. The menu shows the bar (scaled to 480) and the 60 / 240 minute extensions. */
export const Playground: Story = {
  render: function PlaygroundStory(args) {
    const [session, setSession] = useState(args.session);
    const [extending, setExtending] = useState<number | null>(null);
    return (
      <SessionIndicator
        {...args}
        session={session}
        extendingMinutes={extending}
        onExtend={(minutes) => {
          args.onExtend?.(minutes);
          setExtending(minutes);
          setTimeout(() => {
            setSession((current) =>
              current
                ? {
                    ...current,
                    time_remaining_minutes: Math.min(480, current.time_remaining_minutes + minutes),
                  }
                : current,
            );
            setExtending(null);
          }, 300);
        }}
      />
    );
  },
  args: { session: withMinutes(25) },
  play: async ({ args, canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'セッション 25分（更新をおすすめします）' });
    await expect(trigger).toHaveAttribute('data-tone', 'refresh');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    const bar = within(menu).getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuemax', '480');
    await expect(bar).toHaveAttribute('aria-valuenow', '25');
    await userEvent.click(within(menu).getByRole('button', { name: '60分延長' }));
    await expect(args.onExtend).toHaveBeenCalledWith(60);
    await waitFor(() => expect(within(menu).getByText('残り 85 分')).toBeVisible());
    await expect(canvas.getByRole('button', { name: /85分/ })).toHaveAttribute('data-tone', 'success');
    await userEvent.click(within(menu).getByRole('button', { name: '240分延長' }));
    await expect(args.onExtend).toHaveBeenLastCalledWith(240);
    await userEvent.click(within(menu).getByRole('button', { name: 'セッション管理' }));
    await expect(args.onManage).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Every state of SPEC section 4: success ≥ 30, refresh < 30, warning < 10 or flagged, error when invalid. */
export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <SessionIndicator {...args} session={withMinutes(480)} />
      <SessionIndicator {...args} session={withMinutes(29)} />
      <SessionIndicator {...args} session={withMinutes(9)} />
      <SessionIndicator {...args} session={withMinutes(200, { show_warning: true })} />
      <SessionIndicator {...args} session={withMinutes(0, { status: 'invalid' })} />
      <SessionIndicator {...args} session={withMinutes(0, { status: 'expired' })} />
      <SessionIndicator {...args} session={null} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const tones = [...canvasElement.querySelectorAll('[data-slot="session-indicator"]')].map((element) =>
      element.getAttribute('data-tone'),
    );
    await expect(tones).toEqual(['success', 'refresh', 'warning', 'warning', 'error', 'error']);
  },
};

const minutesAgo = (minutes: number) => new Date(storyNow.getTime() - minutes * 60_000).toISOString();

const recentEvents: SessionSecurityEvent[] = [
  {
    type: 'refresh_token_reused',
    occurred_at: minutesAgo(12),
    ip: '203.0.113.24',
    user_agent: 'Mozilla/5.0',
    description: '使用済みのトークンが再び使われたため、セッションを終了しました',
  },
  {
    type: 'session_extended',
    occurred_at: minutesAgo(45),
    ip: '192.0.2.10',
    user_agent: 'Mozilla/5.0',
    description: 'セッションを 60 分延長しました',
  },
  {
    type: 'sign_in',
    occurred_at: minutesAgo(130),
    ip: '192.0.2.10',
    user_agent: 'Mozilla/5.0',
    description: 'ログインしました',
  },
];

/** The app's rule: a reused token or a session ended elsewhere deserve a second look. */
const needsAttention = (event: SessionSecurityEvent) =>
  event.type === 'refresh_token_reused' || event.type === 'session_revoked';

/**
 * Warning (7 minutes left). The recent security events are listed with their time (in Japan time
 * here) and address; only the reused token is amber and counted, ordinary sign-ins stay plain.
 */
export const WarningOpen: Story = {
  args: {
    session: withMinutes(7, { show_warning: true, security_events: recentEvents }),
    needsAttention,
    timeZone: 'Asia/Tokyo',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /まもなく期限切れ/ }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    await expect(within(menu).getByRole('progressbar')).toHaveAttribute('data-tone', 'warning');
    const events = within(menu).getByRole('region', { name: '最近のセキュリティイベント' });
    const items = within(events).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveAttribute('data-attention', 'true');
    await expect(items[0]).toHaveTextContent('要確認: 使用済みのトークンが再び使われたため');
    await expect(items[1]).not.toHaveAttribute('data-attention');
    await expect(items[2]).toHaveTextContent('ログインしました');
    await expect(within(menu).getByText('確認が必要なイベント 1 件')).toBeVisible();
    // Each line once: no hidden copy of a visible text.
    await expect(within(menu).getAllByText(/確認が必要なイベント/)).toHaveLength(1);
    await expect(items[2]?.querySelector('time')).toHaveAttribute('datetime', recentEvents[2]?.occurred_at);
  },
};

/** Ordinary sign-ins only: listed plainly, nothing in amber, no count. */
export const OrdinaryEvents: Story = {
  args: {
    session: withMinutes(300, {
      security_events: Array.from({ length: 9 }, (_, index) => ({
        type: 'sign_in',
        occurred_at: minutesAgo(60 * (index + 1)),
        ip: '192.0.2.10',
        user_agent: 'Mozilla/5.0',
        description: 'ログインしました',
      })),
    }),
    needsAttention,
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'セッション 300分（有効）' }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    const events = within(menu).getByRole('region', { name: '最近のセキュリティイベント' });
    // The newest five; the session manager has the rest.
    await expect(within(events).getAllByRole('listitem')).toHaveLength(5);
    await expect(events.querySelector('[data-attention]')).toBeNull();
    await expect(within(menu).queryByText(/確認が必要なイベント/)).toBeNull();
    await expect(within(menu).queryByText(/セキュリティイベント \d+ 件/)).toBeNull();
  },
};

/** 479 of 480 minutes: nothing left to extend, the buttons are off and say why. */
export const AtCap: Story = {
  args: { session: withMinutes(479) },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'セッション 479分（有効）' }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    const sixty = within(menu).getByRole('button', { name: '60分延長' });
    await expect(sixty).toBeDisabled();
    await expect(within(menu).getByRole('button', { name: '240分延長' })).toBeDisabled();
    await expect(sixty).toHaveAccessibleDescription('これ以上延長できません（上限 480 分）');
    await expect(within(menu).getByText('これ以上延長できません（上限 480 分）')).toBeVisible();
    await expect(args.onExtend).not.toHaveBeenCalled();
  },
};

/** 300 minutes left: 180 more fit under the cap, which the menu says next to the buttons. */
export const NearCap: Story = {
  args: { session: withMinutes(300) },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'セッション 300分（有効）' }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    const longest = within(menu).getByRole('button', { name: '240分延長' });
    await expect(longest).toBeEnabled();
    await expect(longest).toHaveAccessibleDescription('上限は 480 分のため、あと 180 分まで延長できます。');
    await userEvent.click(longest);
    await expect(args.onExtend).toHaveBeenCalledWith(240);
  },
};

/** An extension that failed at once (offline): the reason is said under the buttons, nothing spins. */
export const ExtendFailedOffline: Story = {
  args: {
    session: withMinutes(25),
    extendError: 'オフラインのため延長できませんでした。接続を確認してから、もう一度お試しください。',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /セッション 25分/ }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    await expect(within(menu).getByRole('alert')).toHaveTextContent('オフラインのため延長できませんでした');
    await expect(within(menu).getByRole('button', { name: '60分延長' })).toBeEnabled();
    await expect(within(menu).getByRole('button', { name: '60分延長' })).not.toHaveAttribute('aria-busy');
  },
};

/** An invalid session has no extension: only the error and the manager. */
export const Invalid: Story = {
  args: { session: withMinutes(0, { status: 'invalid' }) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'セッション 無効なセッション' }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    await expect(within(menu).queryByRole('button', { name: '60分延長' })).toBeNull();
    await expect(within(menu).getByText('無効なセッション')).toBeVisible();
  },
};
