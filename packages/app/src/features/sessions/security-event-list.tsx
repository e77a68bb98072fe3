import { cn } from '@tsumiki/ui';
import { CircleAlert, KeyRound, LogIn, LogOut, ShieldAlert, Timer, TriangleAlert } from 'lucide-react';
import { type SecurityEvent, securityEventKind } from './security-events';
import { absoluteTime, relativeTime } from './times';
import { describeUserAgent } from './user-agent';

const eventIcons: Record<string, typeof LogIn> = {
  sign_in: LogIn,
  signed_out: LogOut,
  session_extended: Timer,
  session_revoked: TriangleAlert,
  refresh_token_reused: ShieldAlert,
  password_changed: KeyRound,
};

/**
 * The user's recent security events, newest first: what happened in Japanese, when, from which
 * device. Events worth a second look (a session ended from elsewhere, a reused token) stand out
 * and say why.
 */
export function SecurityEventList({ events, now }: { events: readonly SecurityEvent[]; now: number }) {
  return (
    <ol className="flex flex-col gap-2" aria-label="最近のセキュリティイベント">
      {events.map((event, index) => {
        const kind = securityEventKind(event.type);
        const Icon = eventIcons[event.type] ?? CircleAlert;
        const attention = kind.tone === 'attention';
        const device = event.user_agent ? describeUserAgent(event.user_agent).label : null;
        return (
          <li
            // Events have no id; the list is replaced as a whole.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={`${event.occurred_at}-${index}`}
            data-slot="security-event"
            data-tone={kind.tone}
            className={cn(
              'flex gap-3 rounded-lg border p-3',
              attention && 'border-warning bg-warning-subtle text-warning-subtle-foreground',
              kind.tone === 'notice' && 'border-info bg-info-subtle text-info-subtle-foreground',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 size-5 shrink-0', kind.tone === 'normal' && 'text-muted-foreground')}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span className="font-semibold">
                  {attention ? <span className="sr-only">要確認: </span> : null}
                  {kind.label}
                </span>
                <span className={cn('text-xs', kind.tone === 'normal' && 'text-muted-foreground')}>
                  {relativeTime(event.occurred_at, now)}（
                  <time dateTime={event.occurred_at}>{absoluteTime(event.occurred_at)}</time>）
                </span>
              </p>
              <p>{event.description}</p>
              {kind.advice && kind.tone !== 'normal' ? (
                <p className="text-sm font-medium">{kind.advice}</p>
              ) : null}
              {device || event.ip ? (
                <p className={cn('text-xs', kind.tone === 'normal' && 'text-muted-foreground')}>
                  {[device, event.ip ? `IP ${event.ip}` : null].filter(Boolean).join('・')}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
