import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useAfterFirstScreen } from '../../../app/after-first-screen';
import { useSession } from '../../../session/session';
import { FullPageSpinner } from '../../../shell/full-page-spinner';
import { loadSecurityParts } from '../lazy-gate';
import { setScreenLocked } from './lock-flag';
import { useLockState } from './use-lock-state';

// In sign-in security's chunk: the watchers once the screens are open, the lock screen when it engages.
const Watchers = lazy(() => loadSecurityParts().then((module) => ({ default: module.OpenScreensWatchers })));
const LockView = lazy(() => loadSecurityParts().then((module) => ({ default: module.LockView })));

/**
 * The screen lock (クリアスクリーン) around the signed-in screens: after the tenant's
 * `screen_lock_minutes` without input the screens are unmounted, the cached data other than who is
 * signed in is dropped, and the lock screen asks for the password (and the code when the person has
 * a second factor). The lock survives a reload and holds in every tab.
 */
export function ScreenLockGate({ children }: { children: ReactNode }) {
  const { state, signOut } = useSession();

  const { locked, lock, unlock } = useLockState();
  // The watchers' chunk (with the rest of sign-in security, about 12 KB gzip) once the first
  // screen is shown: a lock after minutes without input does not need it sooner.
  const watching = useAfterFirstScreen();

  // Signed out (from the lock screen or anywhere): the next person starts unlocked.
  useEffect(() => {
    if (state.status === 'signedOut') setScreenLocked(false);
  }, [state.status]);

  if (!locked || state.status === 'signedOut' || state.status === 'error') {
    return (
      <>
        {children}
        {state.status === 'signedIn' && watching ? (
          <Suspense fallback={null}>
            <Watchers tenantId={state.tenant?.tenant_id} onIdle={lock} />
          </Suspense>
        ) : null}
      </>
    );
  }
  if (state.status === 'loading') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LockView user={state.user} onUnlocked={unlock} onSignOut={() => void signOut()} />
    </Suspense>
  );
}
