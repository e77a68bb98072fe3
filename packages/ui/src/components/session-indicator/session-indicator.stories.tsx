import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { SessionStatus } from '../../lib/session';
import { activeSession } from '../../test/story-fixtures';
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

export const WarningOpen: Story = {
  args: { session: withMinutes(7, { show_warning: true, security_events: [{ type: 'new_device' }] }) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /まもなく期限切れ/ }));
    const menu = await screen.findByRole('dialog', { name: 'セッション' });
    await expect(within(menu).getByText('セキュリティイベント 1 件', { selector: 'dd' })).toBeVisible();
    await expect(within(menu).getByRole('progressbar')).toHaveAttribute('data-tone', 'warning');
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
