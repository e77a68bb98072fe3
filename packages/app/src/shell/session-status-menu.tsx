import { useMutation, useQuery } from '@tanstack/react-query';
import { currentSessionQueryOptions, extendCurrentSessionMutationOptions } from '@tsumiki/api-client/react';
import { SessionIndicator } from '@tsumiki/ui';
import { useNavigate } from 'react-router-dom';
import { appRoutes } from '../app/paths';
import { useToast } from '../app/toasts';
import { isFeatureEnabled, useFeatureFlags } from '../features/feature-flags';
import { useSignedIn } from '../session/session';

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
  const extend = useMutation(extendCurrentSessionMutationOptions(api));
  const onExtend = (minutes: number) =>
    extend.mutate(
      { minutes: minutes === 240 ? 240 : 60 },
      {
        onSuccess: (status) =>
          toast({
            variant: 'success',
            title: 'セッションを延長しました',
            description: `残り ${status.time_remaining_minutes} 分です。`,
          }),
      },
    );

  return (
    <SessionIndicator
      session={session.data ?? null}
      onExtend={onExtend}
      extendingMinutes={extend.isPending ? extend.variables?.minutes : null}
      onManage={
        isFeatureEnabled(flags, 'session_management')
          ? () => navigate(appRoutes.sessionManager.path)
          : undefined
      }
    />
  );
}
