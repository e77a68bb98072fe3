import { lazy, Suspense, useLayoutEffect, useMemo } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useStaticShellHandover } from '../shell/static-shell';
import { reportError } from './capture';
import { isChunkLoadError } from './chunk-load';
import { supportEmail } from './support';

// ui's crash screen is not needed until something crashes, so it is not in the entry chunk (it is
// fetched once the first screen is idle, see capture.ts). If it cannot load either, a plain page
// in the entry says the same and offers to reload.
const CrashView = lazy(() => import('./crash-view').catch(() => ({ default: PlainNotice })));

/** A screen that threw while rendering, or whose chunk did not load (the router's errorElement). */
export function RouteCrash() {
  return <CrashPage error={useRouteError()} />;
}

function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (isRouteErrorResponse(thrown)) return new Error(`${thrown.status} ${thrown.statusText}`);
  return new Error(String(thrown));
}

/**
 * What the user sees after a crash (SPEC section 8): the crash page, with the id its report was
 * sent under; or, when a part of the app could not be loaded (a deployment replaced it), an offer
 * to reload.
 */
export function CrashPage({
  error: thrown,
  componentStack,
}: {
  error: unknown;
  componentStack?: string | null;
}) {
  // A crash before the first screen: the static copy of the frame (index.html) gives way to it.
  useStaticShellHandover();
  const chunk = isChunkLoadError(thrown);
  const report = useMemo(() => {
    const error = toError(thrown);
    console.error(error);
    const id = reportError(thrown instanceof Error ? thrown : error, {
      kind: chunk ? 'route' : 'render',
      componentStack,
    });
    return {
      id,
      message: error.message,
      name: error.name,
      stack: error.stack ?? null,
      componentStack: componentStack ?? null,
      time: new Date(),
      url: window.location.href,
    };
  }, [thrown, chunk, componentStack]);
  // A crash on the first load of /login: index.html's static sign-in screen (shown while <html> has
  // data-boot, see routes/login/static-login.ts) gives way to this page.
  useLayoutEffect(() => document.documentElement.removeAttribute('data-boot'), []);
  const reload = () => window.location.reload();
  // Offline, the chunk was out of reach rather than replaced: the plain page says so.
  if (chunk) return <PlainNotice onReload={reload} newVersion={navigator.onLine} />;
  return (
    <Suspense fallback={null}>
      <CrashView
        error={report}
        onReload={reload}
        onGoHome={() => window.location.assign('/')}
        supportEmail={supportEmail}
      />
    </Suspense>
  );
}

/**
 * A page of the entry chunk alone, for when nothing else can be loaded: a route's chunk that a
 * deployment replaced (online: a new version), or the crash screen's chunk out of reach.
 */
function PlainNotice({ onReload, newVersion }: { onReload: () => void; newVersion?: boolean }) {
  return (
    <main
      data-slot={newVersion ? 'chunk-reload' : 'plain-crash'}
      className="grid min-h-dvh place-items-center bg-background px-4 py-10 text-foreground"
    >
      <div className="grid w-full max-w-xl gap-4 rounded-xl border bg-surface p-6 shadow-md sm:p-8">
        <h1 className="text-xl font-bold">
          {newVersion ? '新しいバージョンが公開されました' : '画面を表示できませんでした'}
        </h1>
        <p className="text-sm leading-[1.7] text-muted-foreground">
          {newVersion
            ? 'この画面は更新されています。再読み込みすると新しいバージョンで開きます。'
            : '通信状態を確認して、ページを再読み込みしてください。'}
        </p>
        <button
          type="button"
          onClick={onReload}
          className="h-10 w-full rounded-md bg-primary px-4 font-medium text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:w-fit"
        >
          再読み込み
        </button>
      </div>
    </main>
  );
}
