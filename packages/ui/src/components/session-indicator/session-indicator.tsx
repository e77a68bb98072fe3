import { RefreshCw, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { sessionMessages } from '../../i18n/groups/session';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/date';
import {
  SESSION_EXTENSIONS_MINUTES,
  SESSION_LENGTH_MINUTES,
  type SessionSecurityEvent,
  type SessionStatus,
  type SessionTone,
  sessionExtensionRoom,
  sessionTone,
} from '../../lib/session';
import { Button } from '../button/button';
import { Chip, chipVariants } from '../chip/chip';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';
import { Progress } from '../progress/progress';
import { Skeleton } from '../skeleton/skeleton';

export type SessionIndicatorProps = {
  /** The session status as `GET /api/sessions/status` returns it; null while unknown. */
  session: SessionStatus | null;
  /** Extends the session by 60 or 240 minutes. */
  onExtend?: (minutes: number) => void;
  /** The extension in progress (its button shows 処理中). */
  extendingMinutes?: number | null;
  /** Why the last extension failed (e.g. offline), shown under the buttons. */
  extendError?: string | null;
  /**
   * Which security events deserve a second look (shown in amber and counted), e.g. a token reused
   * or a session ended elsewhere. By default none: every event is listed plainly.
   */
  needsAttention?: (event: SessionSecurityEvent) => boolean;
  /** IANA zone of the times shown (the tenant's); defaults to the viewer's. */
  timeZone?: string;
  /** How many of the newest events the menu lists. */
  maxEvents?: number;
  /** Opens the session manager screen. */
  onManage?: () => void;
  /** Controlled open state of the menu. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
};

const icons = {
  success: ShieldCheck,
  refresh: RefreshCw,
  warning: TriangleAlert,
  error: ShieldAlert,
} as const;
const chipTones = { success: 'success', refresh: 'info', warning: 'warning', error: 'error' } as const;
const progressTones = { success: 'success', refresh: 'info', warning: 'warning', error: 'error' } as const;

/**
 * The session status menu of the top bar: an icon and the minutes left (error when invalid,
 * warning under 10 minutes or when flagged, a refresh icon under 30, success otherwise); the menu
 * shows a bar scaled to 480 minutes and the 60 / 240 minute extensions.
 */
export function SessionIndicator({
  session,
  onExtend,
  extendingMinutes = null,
  extendError = null,
  needsAttention,
  timeZone,
  maxEvents = 5,
  onManage,
  open,
  onOpenChange,
  className,
}: SessionIndicatorProps) {
  const messages = useMessageGroups({ session: sessionMessages });
  const text = messages.session;
  const id = useId();
  if (!session) {
    return (
      <Skeleton data-slot="session-indicator-loading" rounded="full" className={cn('h-8 w-20', className)} />
    );
  }
  const tone = sessionTone(session);
  const Icon = icons[tone];
  const active = session.status === 'active';
  const minutes = Math.max(0, Math.floor(session.time_remaining_minutes));
  const statusLabel = statusText(tone, session.status, messages.session);
  // The visible text is part of the name (WCAG 2.5.3): 「セッション 480分（有効）」.
  const shortText = active
    ? text.remainingShort(minutes)
    : session.status === 'expired'
      ? text.expired
      : text.invalidShort;
  const triggerName = active ? `${text.menu} ${shortText}（${statusLabel}）` : `${text.menu} ${statusLabel}`;
  const events = Array.isArray(session.security_events)
    ? (session.security_events as readonly SessionSecurityEvent[]).slice(0, maxEvents)
    : [];
  const attention = events.filter((event) => needsAttention?.(event) ?? false);
  const room = sessionExtensionRoom(minutes);
  const longest = Math.max(...SESSION_EXTENSIONS_MINUTES);
  const capNote =
    room === 0
      ? text.atCap(SESSION_LENGTH_MINUTES)
      : room < longest
        ? text.capRoom(SESSION_LENGTH_MINUTES, room)
        : null;
  const capNoteId = `${id}-extend-note`;

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger
        data-slot="session-indicator"
        data-tone={tone}
        aria-label={triggerName}
        className={cn(
          chipVariants({ variant: chipTones[tone], size: 'lg' }),
          'cursor-pointer outline-none hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="tabular-nums">{shortText}</span>
      </PopoverTrigger>
      <PopoverContent data-slot="session-indicator-menu" aria-label={text.title} className="grid gap-4 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">{text.title}</h2>
          <Chip variant={chipTones[tone]} size="sm" data-slot="session-indicator-status">
            <Icon aria-hidden="true" />
            {statusLabel}
          </Chip>
        </div>
        {active && (
          <div className="grid gap-1.5">
            {/* The bar below is named with the same words: read once, by the bar. */}
            <p aria-hidden="true" className="text-2xl font-bold tabular-nums">
              {text.remaining(minutes)}
            </p>
            <Progress
              value={minutes}
              max={SESSION_LENGTH_MINUTES}
              tone={progressTones[tone]}
              label={text.remaining(minutes)}
            />
          </div>
        )}
        {session.expires_at && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{text.expiresAt}</dt>
            <dd className="tabular-nums">{formatDateTime(session.expires_at, { timeZone })}</dd>
          </dl>
        )}
        {active && onExtend && (
          <div className="grid gap-2">
            <div className="flex gap-2" data-slot="session-indicator-extend">
              {SESSION_EXTENSIONS_MINUTES.map((extension) => (
                <Button
                  key={extension}
                  variant={extension === SESSION_EXTENSIONS_MINUTES[0] ? 'primary' : 'outline'}
                  size="sm"
                  className="grow basis-0"
                  loading={extendingMinutes === extension}
                  disabled={room === 0 || (extendingMinutes !== null && extendingMinutes !== extension)}
                  aria-describedby={capNote ? capNoteId : undefined}
                  onClick={() => onExtend(extension)}
                >
                  {text.extend(extension)}
                </Button>
              ))}
            </div>
            {capNote && (
              <p id={capNoteId} data-slot="session-indicator-cap" className="text-xs text-muted-foreground">
                {capNote}
              </p>
            )}
            {extendError && (
              <p role="alert" data-slot="session-indicator-extend-error" className="text-xs text-error">
                {extendError}
              </p>
            )}
          </div>
        )}
        {Array.isArray(session.security_events) && (
          <section
            data-slot="session-indicator-events"
            aria-labelledby={`${id}-events`}
            className="grid gap-2"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-2">
              <h3 id={`${id}-events`} className="text-sm font-semibold">
                {text.eventsTitle}
              </h3>
              {attention.length > 0 && (
                <span
                  data-slot="session-indicator-attention"
                  className="text-xs font-medium text-warning-subtle-foreground"
                >
                  {text.attentionEvents(attention.length)}
                </span>
              )}
            </div>
            {events.length === 0 ? (
              <p className="text-xs text-muted-foreground">{text.noEvents}</p>
            ) : (
              <ul className="grid gap-1.5 text-xs">
                {events.map((event) => {
                  const flagged = needsAttention?.(event) ?? false;
                  return (
                    <li
                      key={`${event.type}-${event.occurred_at}`}
                      data-attention={flagged || undefined}
                      className={cn(
                        'grid grid-cols-[auto_1fr] items-start gap-x-2 rounded-md px-2 py-1.5',
                        flagged ? 'bg-warning-subtle text-warning-subtle-foreground' : 'bg-muted',
                      )}
                    >
                      {flagged ? (
                        <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5" />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="mt-1.5 size-1.5 rounded-full bg-muted-foreground"
                        />
                      )}
                      <div className="grid min-w-0 gap-0.5">
                        <p className="break-words">
                          {flagged && <span className="sr-only">{text.attention}: </span>}
                          {event.description}
                        </p>
                        <p className={cn('tabular-nums', !flagged && 'text-muted-foreground')}>
                          <time dateTime={event.occurred_at}>
                            {formatDateTime(event.occurred_at, { timeZone })}
                          </time>
                          {event.ip ? ` ・ ${event.ip}` : ''}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        )}
        {onManage && (
          <Button
            variant="link"
            size={null}
            className="h-auto justify-self-start px-0 text-sm"
            onClick={onManage}
          >
            {text.manage}
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}

function statusText(
  tone: SessionTone,
  status: string,
  text: { active: string; expiring: string; refreshSoon: string; invalid: string; expired: string },
): string {
  if (tone === 'error') return status === 'expired' ? text.expired : text.invalid;
  if (tone === 'warning') return text.expiring;
  if (tone === 'refresh') return text.refreshSoon;
  return text.active;
}
