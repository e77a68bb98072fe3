import type { components } from '@tsumiki/api-client';
import { Button, Chip } from '@tsumiki/ui';
import { CircleHelp, LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatRemaining } from './extension';
import { absoluteTime, relativeTime } from './times';
import { type DeviceDescription, describeUserAgent } from './user-agent';

export type SessionSummary = components['schemas']['SessionSummary'];

const deviceIcons = { mobile: Smartphone, tablet: Tablet, desktop: Monitor, unknown: CircleHelp } as const;

export interface SessionListProps {
  sessions: readonly SessionSummary[];
  now: number;
  onRevoke: (session: SessionSummary) => void;
}

/** The device of a session, e.g. 「Chrome（Windows）」, with 「この端末」 on the current one. */
export function sessionDevice(session: SessionSummary): DeviceDescription {
  return describeUserAgent(session.user_agent);
}

/** The revoke button's name: what it signs out, told apart from the same browser elsewhere. */
function revokeLabel(session: SessionSummary): string {
  const device = sessionDevice(session).label;
  return session.current
    ? `この端末（${device}）をログアウト`
    : `${absoluteTime(session.created_at)} にログインした ${device} をログアウト`;
}

function DeviceName({ session }: { session: SessionSummary }) {
  const device = sessionDevice(session);
  const Icon = deviceIcons[device.kind];
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="font-medium text-foreground">{device.label}</span>
      {session.current ? (
        <Chip variant="primary" size="sm" data-slot="current-session-chip">
          この端末
        </Chip>
      ) : null}
    </span>
  );
}

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <span className="flex flex-col">
      <span>{relativeTime(iso, now)}</span>
      <time dateTime={iso} className="text-xs text-muted-foreground tabular-nums">
        {absoluteTime(iso)}
      </time>
    </span>
  );
}

function Expires({ iso, now }: { iso: string; now: number }) {
  return (
    <span className="flex flex-col">
      <span>{formatRemaining(iso, now)}</span>
      <time dateTime={iso} className="text-xs text-muted-foreground tabular-nums">
        {absoluteTime(iso)} まで
      </time>
    </span>
  );
}

function RevokeButton({
  session,
  onRevoke,
}: {
  session: SessionSummary;
  onRevoke: SessionListProps['onRevoke'];
}) {
  return (
    <Button variant="outline" size="sm" aria-label={revokeLabel(session)} onClick={() => onRevoke(session)}>
      <LogOut aria-hidden="true" />
      ログアウト
    </Button>
  );
}

/**
 * The user's signed-in sessions: a table on wide screens, one card per session on phones. The
 * current one comes first and is marked 「この端末」.
 */
export function SessionList({ sessions, now, onRevoke }: SessionListProps) {
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const columns: { id: string; header: ReactNode; cell: (session: SessionSummary) => ReactNode }[] = [
    { id: 'device', header: '端末', cell: (session) => <DeviceName session={session} /> },
    {
      id: 'ip',
      header: 'IP アドレス',
      cell: (session) => <span className="font-mono text-xs break-all">{session.ip ?? '不明'}</span>,
    },
    { id: 'created_at', header: 'ログイン', cell: (s) => <When iso={s.created_at} now={now} /> },
    { id: 'last_active_at', header: '最終利用', cell: (s) => <When iso={s.last_active_at} now={now} /> },
    { id: 'expires_at', header: '有効期限', cell: (s) => <Expires iso={s.expires_at} now={now} /> },
    {
      id: 'actions',
      header: <span className="sr-only">操作</span>,
      cell: (session) => <RevokeButton session={session} onRevoke={onRevoke} />,
    },
  ];

  return (
    <>
      <div className="hidden md:block">
        {/* A few rows, none sorted or selected: a plain table, not ui's DataTable (its sorting,
            selection and row menus would double this screen's download). */}
        <div className="overflow-auto rounded-lg border bg-surface">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">ログイン中の端末</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className="border-b bg-muted px-3 py-2 text-left font-medium whitespace-nowrap text-muted-foreground"
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ordered.map((session) => (
                <tr key={session.id} className="border-b last:border-b-0" data-current={session.current}>
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={
                        column.id === 'actions'
                          ? 'px-3 py-2.5 text-right align-middle'
                          : column.id === 'device' || column.id === 'ip'
                            ? 'px-3 py-2.5 align-middle'
                            : 'px-3 py-2.5 align-middle whitespace-nowrap'
                      }
                    >
                      {column.cell(session)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="ログイン中の端末">
        {ordered.map((session) => (
          <li
            key={session.id}
            data-slot="session-card"
            className="flex flex-col gap-3 rounded-lg border bg-surface p-4 data-[current=true]:border-primary"
            data-current={session.current}
          >
            <DeviceName session={session} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">IP アドレス</dt>
              <dd className="font-mono text-xs break-all self-center">{session.ip ?? '不明'}</dd>
              <dt className="text-muted-foreground">ログイン</dt>
              <dd>
                <When iso={session.created_at} now={now} />
              </dd>
              <dt className="text-muted-foreground">最終利用</dt>
              <dd>
                <When iso={session.last_active_at} now={now} />
              </dd>
              <dt className="text-muted-foreground">有効期限</dt>
              <dd>
                <Expires iso={session.expires_at} now={now} />
              </dd>
            </dl>
            <div>
              <RevokeButton session={session} onRevoke={onRevoke} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
