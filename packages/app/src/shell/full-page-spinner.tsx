import { Spinner } from '@tsumiki/ui';
import { useHoldStaticShell } from './static-shell';

/**
 * While the session or the first screen is loading. On a first visit to / with a stored session,
 * index.html's static copy of the frame stays on screen instead (static-shell.ts).
 */
export function FullPageSpinner() {
  useHoldStaticShell();
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label="読み込み中" />
    </div>
  );
}
