import { lazy, Suspense, useMemo } from 'react';
import { useRouteError } from 'react-router-dom';

// ui's crash screen is not needed until something crashes, so it is not in the entry chunk. The
// most common crash after a deployment is a screen's chunk that no longer loads; if the crash
// screen cannot load either, a plain page in the entry says the same and offers to reload.
const CrashView = lazy(() => import('./crash-view').catch(() => ({ default: PlainCrash })));

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
    <Suspense fallback={null}>
      <CrashView
        error={report}
        onReload={() => window.location.reload()}
        onGoHome={() => window.location.assign('/')}
        supportEmail={import.meta.env.VITE_SUPPORT_EMAIL || undefined}
      />
    </Suspense>
  );
}

function PlainCrash({ onReload }: { onReload: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 p-6">
      <h1 className="text-xl font-bold text-foreground">画面を表示できませんでした</h1>
      <p className="text-muted-foreground">通信状態を確認して、ページを再読み込みしてください。</p>
      <button
        type="button"
        onClick={onReload}
        className="w-fit rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground"
      >
        再読み込み
      </button>
    </main>
  );
}
