import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import { currentSessionQueryOptions, extendCurrentSessionMutationOptions } from '@tsumiki/api-client/react';
import { SessionIndicator, type SessionSecurityEvent } from '@tsumiki/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { appRoutes } from '../app/paths';
import { useToast } from '../app/toasts';
import { isFeatureEnabled, useFeatureFlags } from '../features/feature-flags';
import { extensionOutcome } from '../features/sessions/extension';
import { securityEventKind } from '../features/sessions/security-events';
import { getDisplayTimeZone } from '../lib/format';
import { useSignedIn } from '../session/session';

export const EXTEND_OFFLINE =
  'オフラインのため延長できませんでした。接続を確認してから、もう一度お試しください。';
export const EXTEND_FAILED = 'セッションを延長できませんでした。しばらくしてから、もう一度お試しください。';

/** Amber only for what deserves a second look (a reused token, a session ended elsewhere). */
function needsAttention(event: SessionSecurityEvent): boolean {
  return securityEventKind(event.type).tone === 'attention';
}

/** Why an extension failed, in Japanese: offline (or no answer) said as such. */
export function extendErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 0) return navigator.onLine ? error.message : EXTEND_OFFLINE;
  if (isApiError(error) && error.message) return error.message;
  return EXTEND_FAILED;
}

/**
 * The top bar's session status menu, on the real server-side session. Its popover (Radix and
 * floating-ui, about 28 KB gzip) is not needed for the first paint: the layout loads it lazily.
 */
export default function SessionStatusMenu() {
  const { api } = useSignedIn();
  const { flags } = useFeatureFlags();
  const navigate = useNavigate();
  const { toast } = useToast();
  const session = useQuery(currentSessionQueryOptions(api));
  const [extendError, setExtendError] = useState<string | null>(null);
  const extend = useMutation({
    ...extendCurrentSessionMutationOptions(api),
    // Offline, a paused mutation would spin until the connection returns: fail at once instead,
    // and do not retry a request that cannot reach the server.
    networkMode: 'always',
    retry: false,
  });

  const onExtend = (minutes: number) => {
    setExtendError(null);
    if (!navigator.onLine) {
      setExtendError(EXTEND_OFFLINE);
      return;
    }
    const before = session.data;
    extend.mutate(
      { minutes: minutes === 240 ? 240 : 60 },
      {
        onSuccess: (after) => {
          const outcome = before
            ? extensionOutcome(minutes, before, after)
            : { tone: 'success' as const, message: `残り ${after.time_remaining_minutes} 分です。` };
          toast({
            variant: outcome.tone,
            title: outcome.tone === 'info' ? 'これ以上延長できません' : 'セッションを延長しました',
            description: outcome.message,
          });
        },
        onError: (error) => setExtendError(extendErrorMessage(error)),
      },
    );
  };

  return (
    <SessionIndicator
      session={session.data ?? null}
      onExtend={onExtend}
      extendingMinutes={extend.isPending ? extend.variables?.minutes : null}
      extendError={extendError}
      needsAttention={needsAttention}
      timeZone={getDisplayTimeZone()}
      onOpenChange={(open) => {
        if (!open) setExtendError(null);
      }}
      onManage={
        isFeatureEnabled(flags, 'session_management')
          ? () => navigate(appRoutes.sessionManager.path)
          : undefined
      }
    />
  );
}
