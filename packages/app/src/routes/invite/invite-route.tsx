import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InvitationPreview, isApiError, ROLE_LABELS } from '@tsumiki/api-client';
import { accountKeys, invitationPreviewQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Spinner } from '@tsumiki/ui';
import { RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { inviteState, unusableInvitationNotice } from '../../features/invitations/invite-status';
import { formatTenantDateTime } from '../../lib/format';
import { useSession } from '../../session/session';
import { PublicPage } from '../../shell/public-page';
import { useCountdown } from '../login-success/countdown';
import { PendingInvitation } from './pending-invitation';

/** SPEC section 9: after joining, / after 3 seconds. */
export const INVITE_REDIRECT_SECONDS = 3;

/**
 * /invite?code=… (SPEC sections 2 and 5): what the invitation offers, then 参加する. Works signed
 * out too: log in and come back, or create an account with the code right here.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const code = (searchParams.get('code') ?? '').trim();
  const queryClient = useQueryClient();
  const preview = useQuery({
    ...invitationPreviewQueryOptions(api, code),
    enabled: code !== '',
    // An unknown or malformed code stays unknown; only a failure of the server is worth another try.
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
    // Signing up or out clears the cache: keep showing the invitation while it reloads.
    placeholderData: keepPreviousData,
  });
  const state = inviteState(code, preview);
  const [joined, setJoined] = useState<Joining | null>(null);
  /** True once an account was created on this page (kept here: the preview may reload meanwhile). */
  const [signedUpHere, setSignedUpHere] = useState(false);

  // An account without a tenant stays signed in only on this page (session.tsx): leaving without
  // joining asks tenant-me again, so the session then signs it out and /login says why.
  useEffect(
    () => () => {
      const me = queryClient.getQueryState(accountKeys.tenantMe());
      if (isApiError(me?.error) && me.error.status === 403) {
        void queryClient.refetchQueries({ queryKey: accountKeys.tenantMe() });
      }
    },
    [queryClient],
  );

  if (joined) return <Joined {...joined} />;

  const notice = unusableInvitationNotice(state, formatTenantDateTime);
  return (
    <PublicPage heading={appRoutes.invite.title}>
      {state.kind === 'loading' ? (
        <div className="flex justify-center py-6">
          <Spinner size="lg" label="招待を確認しています" />
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert variant="error" title="招待を確認できませんでした">
          <p className="break-words">{state.message}</p>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void preview.refetch()}>
            <RotateCw aria-hidden="true" />
            再試行
          </Button>
        </Alert>
      ) : null}
      {notice ? (
        <>
          <Alert variant="error" title={notice.title} data-testid="invite-notice">
            {notice.description}
          </Alert>
          <OtherWays />
        </>
      ) : null}
      {state.kind === 'preview' && !notice ? (
        <PendingInvitation
          code={code}
          preview={state.preview}
          signedUpHere={signedUpHere}
          onSignedUpHereChange={setSignedUpHere}
          onJoined={(result) =>
            // Joined first, so the preview turning 使用済み does not show; then everything about
            // the user is fetched again (tenant-me: the new membership and role) before leaving.
            setJoined({ ...result, refreshed: queryClient.invalidateQueries() })
          }
          onStale={() => void preview.refetch()}
        />
      ) : null}
    </PublicPage>
  );
}

/**
 * Where to go instead when the invitation cannot be used (no code, an unknown one, used, expired
 * or revoked): no 参加する that could never be pressed, but the way home or to sign in.
 */
function OtherWays() {
  const { state } = useSession();
  return (
    <Button asChild variant="outline" className="w-full">
      {state.status === 'signedIn' ? (
        <Link to={appRoutes.home.path}>ダッシュボードへ</Link>
      ) : (
        <Link to={appRoutes.login.path}>ログイン画面へ</Link>
      )}
    </Button>
  );
}

interface Joining {
  tenantName: string;
  role: InvitationPreview['role'];
  /** The refetch of the user's data after joining: the dashboard waits for it to show the new role. */
  refreshed: Promise<unknown>;
}

/** SPEC section 2: the tenant name and role, then / after 3 seconds. */
function Joined({ tenantName, role, refreshed }: Joining) {
  const navigate = useNavigate();
  const go = () => {
    void refreshed.catch(() => undefined).then(() => navigate(appRoutes.home.path, { replace: true }));
  };
  const remaining = useCountdown(INVITE_REDIRECT_SECONDS, go);
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  const notice = `${INVITE_REDIRECT_SECONDS} 秒後に「${appRoutes.home.title}」へ移動します。`;
  return (
    <PublicPage heading="参加しました">
      <div
        ref={messageRef}
        tabIndex={-1}
        role="status"
        className="flex flex-col gap-2 outline-none"
        data-testid="invite-joined"
      >
        <p className="text-sm leading-[1.7]">
          <span className="font-semibold">{tenantName}</span> に{' '}
          <span className="font-semibold">{ROLE_LABELS[role]}</span> として参加しました。
        </p>
        <p className="text-sm text-muted-foreground">
          <span aria-hidden="true">
            <span className="text-lg font-bold tabular-nums text-foreground">{remaining}</span> 秒後に「
            {appRoutes.home.title}」へ移動します。
          </span>
          <span className="sr-only">{notice}</span>
        </p>
      </div>
      <Button className="w-full" onClick={go}>
        今すぐ移動する
      </Button>
    </PublicPage>
  );
}
