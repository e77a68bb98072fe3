import type { Messages } from '../../i18n/messages';
import { SESSION_EXTENSIONS_MINUTES } from '../../lib/session';
import { Button } from '../button/button';

type SessionExtendProps = {
  onExtend: (minutes: number) => void;
  extendingMinutes: number | null;
  extendError: string | null;
  room: number;
  capNote: string | null;
  capNoteId: string;
  text: Messages['session'];
};

/** The 60 / 240 minute buttons, with the cap note they point to and the last failure. */
export function SessionExtend({
  onExtend,
  extendingMinutes,
  extendError,
  room,
  capNote,
  capNoteId,
  text,
}: SessionExtendProps) {
  return (
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
  );
}
