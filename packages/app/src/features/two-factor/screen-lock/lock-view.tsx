import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@tsumiki/api-client';
import { accountKeys, tenantMeQueryOptions } from '@tsumiki/api-client/react';
import { LockScreen, type LockScreenUnlock, TsumikiBrand } from '@tsumiki/ui';
import { useEffect } from 'react';
import { api } from '../../../app/api';
import { loadAuth } from '../../../session/load-auth';
import { twoFactorMessages as m } from '../messages';
import { verifyCode } from '../mfa-api';

/** Who is signed in, and the lock's own setting: everything else leaves the cache while locked. */
function keptWhileLocked(key: readonly unknown[]): boolean {
  return JSON.stringify(key) === JSON.stringify(accountKeys.tenantMe()) || key.includes('security-settings');
}

/**
 * The lock screen of the signed-in person. As it shows (the screens are already unmounted), the
 * cached data goes, so nothing of a customer can be rendered from it. Unlocking signs in again with the password through
 * auth-js (a wrong one is refused and counted like any sign-in) and, for a person with a second
 * factor, verifies a code, so the session goes on at aal2.
 */
export function LockView({
  user,
  onUnlocked,
  onSignOut,
}: {
  user: Pick<CurrentUser, 'email' | 'full_name'>;
  onUnlocked: () => void;
  onSignOut: () => void;
}) {
  const queryClient = useQueryClient();
  // A person with a second factor gives its code too (the session goes on at aal2).
  const me = useQuery({ ...tenantMeQueryOptions(api), enabled: false });
  const needsCode = me.data?.mfa?.enrolled === true;
  useEffect(() => {
    void queryClient.cancelQueries({ predicate: (query) => !keptWhileLocked(query.queryKey) });
    queryClient.removeQueries({ predicate: (query) => !keptWhileLocked(query.queryKey) });
  }, [queryClient]);

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
    onUnlocked();
    return null;
  };

  return (
    <LockScreen
      name={user.full_name?.trim() || user.email}
      email={user.email}
      needsCode={needsCode}
      onUnlock={onUnlock}
      onSignOut={onSignOut}
      brand={<TsumikiBrand className="justify-center" tagline={null} />}
    />
  );
}
