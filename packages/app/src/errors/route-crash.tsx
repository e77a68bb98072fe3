import { CrashScreen } from '@tsumiki/ui';
import { useMemo } from 'react';
import { useRouteError } from 'react-router-dom';

/** A screen that threw while rendering: the crash page instead of a blank window (SPEC section 8). */
export function RouteCrash() {
  const thrown = useRouteError();
  const report = useMemo(() => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    console.error(error);
    return {
      id: crypto.randomUUID(),
      message: error.message,
      name: error.name,
      stack: error.stack ?? null,
      time: new Date(),
      url: window.location.href,
    };
  }, [thrown]);
  return (
    <CrashScreen
      error={report}
      onReload={() => window.location.reload()}
      onGoHome={() => window.location.assign('/')}
      supportEmail={import.meta.env.VITE_SUPPORT_EMAIL || undefined}
    />
  );
}
