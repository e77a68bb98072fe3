import { RefreshCw, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { sessionMessages } from '../../i18n/groups/session';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/date';
import { SESSION_LENGTH_MINUTES, type SessionSecurityEvent, type SessionStatus } from '../../lib/session';
import { Button } from '../button/button';
import { Chip, chipVariants } from '../chip/chip';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';
import { Progress } from '../progress/progress';
import { Skeleton } from '../skeleton/skeleton';
import { SessionEvents } from './session-events';
import { SessionExtend } from './session-extend';
import { summarizeSession } from './session-summary';

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
  const summary = summarizeSession(session, text, maxEvents, needsAttention);
  const { tone, active, minutes, statusLabel } = summary;
  const Icon = icons[tone];

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger
        data-slot="session-indicator"
        data-tone={tone}
        aria-label={summary.triggerName}
        className={cn(
          chipVariants({ variant: chipTones[tone], size: 'lg' }),
          'cursor-pointer outline-none hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="tabular-nums">{summary.shortText}</span>
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
          <SessionExtend
            onExtend={onExtend}
            extendingMinutes={extendingMinutes}
            extendError={extendError}
            room={summary.room}
            capNote={summary.capNote}
            capNoteId={`${id}-extend-note`}
            text={text}
          />
        )}
        {Array.isArray(session.security_events) && (
          <SessionEvents
            events={summary.events}
            attentionCount={summary.attentionCount}
            needsAttention={needsAttention}
            headingId={`${id}-events`}
            timeZone={timeZone}
            text={text}
          />
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
