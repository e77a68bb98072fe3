import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import { revokeSessionMutationOptions, sessionKeys } from '@tsumiki/api-client/react';
import { useState } from 'react';
import { api } from '../../app/api';
import { useToast } from '../../app/toasts';
import { signOutSessions } from '../../features/profile/account-actions';
import type { SessionSummary } from '../../features/sessions/session-list';
import { sessionDevice } from '../../features/sessions/session-list';
import { loadAuth } from '../../session/load-auth';

/**
 * The two sign-outs of /session-manager, each confirmed in a dialog that shows what went wrong
 * and stays open for another try: one device's session (this one included), and every other.
 */
export function useSessionActions(tenantId: string | undefined, otherCount: number) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Offline, the revocation fails at once (with the network message) instead of waiting for the
  // connection.
  const revoke = useMutation({
    ...revokeSessionMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
    networkMode: 'always',
  });
  const [revoking, setRevoking] = useState<SessionSummary | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [othersOpen, setOthersOpen] = useState(false);
  const [othersError, setOthersError] = useState<string | null>(null);

  const refreshEvents = () => queryClient.invalidateQueries({ queryKey: sessionKeys.current() });

  const onRevoke = async () => {
    if (!revoking) return;
    const target = revoking;
    setRevokeError(null);
    // Ending this device's own session: the calls it refuses from now on are no news for /login.
    const auth = target.current ? await loadAuth().catch(() => null) : null;
    auth?.signingOutByChoice();
    try {
      await revoke.mutateAsync(target.id);
    } catch (error) {
      auth?.signingOutByChoice(false);
      setRevokeError(isApiError(error) ? error.message : 'ログアウトできませんでした。');
      throw error;
    }
    if (target.current) {
      // This device's session has ended on the server: forget it here too; the route guard
      // then takes the user to /login.
      const { authClient } = auth ?? (await loadAuth());
      await authClient.signOut({ scope: 'local' });
      toast({ variant: 'success', title: 'この端末からログアウトしました。' });
      return;
    }
    void refreshEvents();
    toast({
      variant: 'success',
      title: 'ログアウトしました',
      description: `${sessionDevice(target).label} のセッションを終了しました。`,
    });
  };

  const onSignOutOthers = async () => {
    setOthersError(null);
    const count = otherCount;
    try {
      await signOutSessions('others');
    } catch (error) {
      setOthersError(error instanceof Error ? error.message : 'ログアウトできませんでした。');
      throw error;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.all(tenantId) }),
      refreshEvents(),
    ]);
    toast({
      variant: 'success',
      title: 'ほかの端末をすべてログアウトしました',
      description: count > 0 ? `${count} 台の端末のセッションを終了しました。` : undefined,
    });
  };

  return {
    revoking,
    revokeError,
    askRevoke: (session: SessionSummary) => {
      setRevokeError(null);
      setRevoking(session);
    },
    closeRevoke: () => setRevoking(null),
    onRevoke,
    othersOpen,
    othersError,
    askSignOutOthers: () => {
      setOthersError(null);
      setOthersOpen(true);
    },
    setOthersOpen,
    onSignOutOthers,
  };
}
