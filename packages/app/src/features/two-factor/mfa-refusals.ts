import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import { accountKeys } from '@tsumiki/api-client/react';
import { useEffect } from 'react';

/** The policy's refusals: no factor enrolled (MFA_001), or not verified in this session (MFA_002). */
export function isMfaRefusal(error: unknown): boolean {
  return isApiError(error) && (error.code === 'MFA_001' || error.code === 'MFA_002');
}

/**
 * A call refused by the two-factor policy (an admin switched it on while this person was working)
 * makes the session ask tenant-me again, whose `mfa` block then leads to enrolment or the code.
 * Mounted with the screen lock's idle watcher while the screens are open (shell/security-parts.ts).
 */
export function MfaRefusalWatcher(): null {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isMfaRefusal(error)) void queryClient.invalidateQueries({ queryKey: accountKeys.tenantMe() });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
  return null;
}
