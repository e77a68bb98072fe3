import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys, securitySettingsQueryOptions, tenantMeQueryOptions } from '@tsumiki/api-client/react';
import { LockScreen, type LockScreenUnlock, TsumikiBrand } from '@tsumiki/ui';
import { type ReactNode, useCallback, useEffect } from 'react';
import { api } from '../../app/api';
import { loadAuth } from '../../session/load-auth';
import { useSession } from '../../session/session';
import { FullPageSpinner } from '../../shell/full-page-spinner';
import { twoFactorMessages as m } from '../two-factor/messages';
import { verifyCode } from '../two-factor/mfa-api';
import { DEFAULT_LOCK_MINUTES, setScreenLocked } from './lock-state';
import { useIdleLock } from './use-idle-lock';

/**
 * The screen lock (クリアスクリーン) around the signed-in screens: after the tenant's
 * `screen_lock_minutes` without input the screens are unmounted, the cached data other than who is
 * signed in is dropped, and the lock screen asks for the password (and the code when the person has
 * a second factor). The lock survives a reload and holds in every tab.
 */
export function ScreenLockGate({ children }: { children: ReactNode }) {
  const { state, signOut } = useSession();
  const queryClient = useQueryClient();
  const signedIn = state.status === 'signedIn';
  const tenantId = signedIn ? state.tenant?.tenant_id : undefined;
  const settings = useQuery({ ...securitySettingsQueryOptions(api, tenantId), enabled: signedIn });
  const me = useQuery({ ...tenantMeQueryOptions(api), enabled: false });

  // Everything but who is signed in and the lock's own setting: nothing of a customer stays cached.
  const dropData = useCallback(() => {
    const keep = (key: readonly unknown[]) =>
      JSON.stringify(key) === JSON.stringify(accountKeys.tenantMe()) || key.includes('security-settings');
    void queryClient.cancelQueries({ predicate: (query) => !keep(query.queryKey) });
    queryClient.removeQueries({ predicate: (query) => !keep(query.queryKey) });
  }, [queryClient]);

  const { locked, unlock } = useIdleLock({
    minutes: settings.data?.screen_lock_minutes ?? DEFAULT_LOCK_MINUTES,
    active: signedIn,
    onLock: dropData,
  });

  // Signed out (from the lock screen or anywhere): the next person starts unlocked.
  useEffect(() => {
    if (state.status === 'signedOut') setScreenLocked(false);
  }, [state.status]);

  if (!locked || state.status === 'signedOut' || state.status === 'error') return children;
  if (state.status === 'loading') return <FullPageSpinner />;

  const { user } = state;
  const needsCode = me.data?.mfa?.enrolled === true;
  const onUnlock = async ({ password, code }: LockScreenUnlock): Promise<string | null> => {
    const { authClient, authErrorMessage } = await loadAuth();
    try {
      const { error } = await authClient.signInWithPassword({ email: user.email, password });
      if (error) return authErrorMessage(error, m.unlockFailed);
    } catch (cause) {
      return authErrorMessage(cause, m.unlockFailed);
    }
    if (needsCode) {
      const result = await verifyCode(code ?? '');
      if (result.error) return result.error;
    }
    unlock();
    return null;
  };

  return (
    <LockScreen
      name={user.full_name?.trim() || user.email}
      email={user.email}
      needsCode={needsCode}
      onUnlock={onUnlock}
      onSignOut={() => void signOut()}
      brand={<TsumikiBrand className="justify-center" tagline={null} />}
    />
  );
}
