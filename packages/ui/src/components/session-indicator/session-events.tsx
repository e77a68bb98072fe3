import { TriangleAlert } from 'lucide-react';
import type { Messages } from '../../i18n/messages';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/date';
import type { SessionSecurityEvent } from '../../lib/session';

type SessionEventsProps = {
  events: readonly SessionSecurityEvent[];
  attentionCount: number;
  needsAttention: ((event: SessionSecurityEvent) => boolean) | undefined;
  headingId: string;
  timeZone: string | undefined;
  text: Messages['session'];
};

/** The recent security events, the ones that need a second look in amber and counted. */
export function SessionEvents({
  events,
  attentionCount,
  needsAttention,
  headingId,
  timeZone,
  text,
}: SessionEventsProps) {
  return (
    <section data-slot="session-indicator-events" aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {text.eventsTitle}
        </h3>
        {attentionCount > 0 && (
          <span
            data-slot="session-indicator-attention"
            className="text-xs font-medium text-warning-subtle-foreground"
          >
            {text.attentionEvents(attentionCount)}
          </span>
        )}
      </div>
      {events.length === 0 ? (
        <p className="text-xs text-muted-foreground">{text.noEvents}</p>
      ) : (
        <ul className="grid gap-1.5 text-xs">
          {events.map((event) => (
            <SessionEventItem
              key={`${event.type}-${event.occurred_at}`}
              event={event}
              flagged={needsAttention?.(event) ?? false}
              timeZone={timeZone}
              attentionLabel={text.attention}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionEventItem({
  event,
  flagged,
  timeZone,
  attentionLabel,
}: {
  event: SessionSecurityEvent;
  flagged: boolean;
  timeZone: string | undefined;
  attentionLabel: string;
}) {
  return (
    <li
      data-attention={flagged || undefined}
      className={cn(
        'grid grid-cols-[auto_1fr] items-start gap-x-2 rounded-md px-2 py-1.5',
        flagged ? 'bg-warning-subtle text-warning-subtle-foreground' : 'bg-muted',
      )}
    >
      {flagged ? (
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5" />
      ) : (
        <span aria-hidden="true" className="mt-1.5 size-1.5 rounded-full bg-muted-foreground" />
      )}
      <div className="grid min-w-0 gap-0.5">
        <p className="break-words">
          {flagged && <span className="sr-only">{attentionLabel}: </span>}
          {event.description}
        </p>
        <p className={cn('tabular-nums', !flagged && 'text-muted-foreground')}>
          <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at, { timeZone })}</time>
          {event.ip ? ` ・ ${event.ip}` : ''}
        </p>
      </div>
    </li>
  );
}
