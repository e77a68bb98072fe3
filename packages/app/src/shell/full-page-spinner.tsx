import { Spinner } from '@tsumiki/ui';

/** While the session or the first screen is loading. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label="読み込み中" />
    </div>
  );
}
