import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatValidationErrors,
  type InvitationPreview,
  isApiError,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
} from '@tsumiki/api-client';
import {
  accountKeys,
  invitationPreviewQueryOptions,
  tenantMeQueryOptions,
  useInvitationMutationOptions,
} from '@tsumiki/api-client/react';
import { Alert, Button, Chip, Spinner } from '@tsumiki/ui';
import { RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import {
  emailMatches,
  invitationHeadline,
  inviteState,
  unusableInvitationNotice,
} from '../../features/invitations/invite-status';
import { formatTenantDateTime } from '../../lib/format';
import { useSession } from '../../session/session';
import { PublicPage } from '../../shell/public-page';
import { useCountdown } from '../login-success/countdown';
import { SignUpPanel } from './sign-up-panel';

/** SPEC section 9: after joining, / after 3 seconds. */
export const INVITE_REDIRECT_SECONDS = 3;

type Account =
  | { kind: 'loading' }
  | { kind: 'signedOut' }
  | { kind: 'error'; message: string }
  | { kind: 'signedIn'; email: string; name: string | null };

/** Who is signed in: a member of some tenant, or a new account that belongs to none yet (tenant-me 403). */
function useAccount(): Account {
  const { state, sessionEmail } = useSession();
  // Reads the session's tenant-me query without fetching it again.
  const tenantMe = useQuery({ ...tenantMeQueryOptions(api), enabled: false });
  if (state.status === 'signedIn') {
    return { kind: 'signedIn', email: state.user.email, name: state.user.full_name?.trim() || null };
  }
  if (state.status === 'signedOut') return { kind: 'signedOut' };
  if (state.status === 'error') return { kind: 'error', message: state.message };
  if (sessionEmail && isApiError(tenantMe.error) && tenantMe.error.status === 403) {
    return { kind: 'signedIn', email: sessionEmail, name: null };
  }
  return { kind: 'loading' };
}

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

function PendingInvitation({
  code,
  preview,
  signedUpHere,
  onSignedUpHereChange: setSignedUpHere,
  onJoined,
  onStale,
}: {
  code: string;
  preview: InvitationPreview;
  signedUpHere: boolean;
  onSignedUpHereChange: (signedUp: boolean) => void;
  onJoined: (result: { tenantName: string; role: InvitationPreview['role'] }) => void;
  onStale: () => void;
}) {
  const account = useAccount();
  const { signOut } = useSession();
  const [signingUp, setSigningUp] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [failure, setFailure] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  const choicesRef = useRef<HTMLDivElement>(null);
  // The page refetches what the user sees itself once the joined state shows (see onJoined).
  const join = useMutation({
    ...useInvitationMutationOptions(api),
    onSuccess: undefined,
    meta: { errorDisplay: 'inline' },
  });

  useEffect(() => {
    if (failure > 0) errorRef.current?.focus();
  }, [failure]);
  // After the account is created and signed in, focus goes to the message that says what is next.
  const signedInNow = signedUpHere && account.kind === 'signedIn';
  useEffect(() => {
    if (signedInNow) createdRef.current?.focus();
  }, [signedInNow]);

  const loginPath = `${appRoutes.login.path}?redirect=${encodeURIComponent(`${appRoutes.invite.path}?code=${encodeURIComponent(code)}`)}`;

  const onJoin = async (email: string) => {
    setJoinError(null);
    try {
      const result = await join.mutateAsync({ code, email });
      onJoined({ tenantName: result.tenant_name, role: result.role });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return; // signed out: the page shows the choices again
      if (isApiError(error) && error.status === 422) {
        setJoinError(formatValidationErrors(error.validationErrors));
      } else {
        setJoinError(isApiError(error) ? error.message : '参加できませんでした。もう一度お試しください。');
      }
      // The invitation may have been used, revoked or expired meanwhile: show how it is now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) onStale();
      setFailure((count) => count + 1);
    }
  };

  const switchAccount = async () => {
    setSignedUpHere(false);
    setJoinError(null);
    await signOut();
    choicesRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  };

  return (
    <>
      <section aria-labelledby="invite-headline" className="flex flex-col gap-3">
        <p
          id="invite-headline"
          className="text-base font-semibold leading-[1.7]"
          data-testid="invite-headline"
        >
          {invitationHeadline(preview)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Chip variant="success">有効</Chip>
          <span className="text-sm text-muted-foreground">
            有効期限: <time dateTime={preview.expires_at}>{formatTenantDateTime(preview.expires_at)}</time>
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          {ROLE_LABELS[preview.role]}: {ROLE_DESCRIPTIONS[preview.role]}
        </p>
        {preview.email ? (
          <p className="text-sm">
            宛先: <span className="break-all font-medium">{preview.email}</span>
          </p>
        ) : null}
      </section>

      {joinError ? (
        <Alert
          ref={errorRef}
          variant="error"
          title="参加できませんでした"
          tabIndex={-1}
          className="whitespace-pre-line outline-none"
          data-testid="join-error"
        >
          {joinError}
        </Alert>
      ) : null}

      {account.kind === 'loading' ? (
        <div className="flex justify-center py-4">
          <Spinner label="アカウントを確認しています" />
        </div>
      ) : null}

      {account.kind === 'error' ? <Alert variant="error">{account.message}</Alert> : null}

      {account.kind === 'signedIn' ? (
        <div className="flex flex-col gap-4 border-t pt-4">
          {signedUpHere ? (
            <Alert
              ref={createdRef}
              variant="success"
              tabIndex={-1}
              className="outline-none"
              data-testid="sign-up-done"
            >
              アカウントを作成しました。「参加する」を押すと参加が完了します。
            </Alert>
          ) : null}
          <div className="text-sm">
            <p className="text-muted-foreground">ログイン中のアカウント</p>
            <p className="break-all font-medium" data-testid="invite-account">
              {account.name ? `${account.name}（${account.email}）` : account.email}
            </p>
          </div>
          {!emailMatches(preview.email, account.email) ? (
            <Alert variant="warning" title="このアカウントでは参加できません">
              この招待は {preview.email} 宛てです。招待されたメールアドレスのアカウントに切り替えてください。
            </Alert>
          ) : null}
          <Button
            className="w-full"
            loading={join.isPending}
            disabledReason={
              emailMatches(preview.email, account.email)
                ? undefined
                : '招待されたメールアドレスのアカウントでのみ参加できます。'
            }
            onClick={() => void onJoin(account.email)}
          >
            参加する
          </Button>
          <Button
            variant="ghost"
            className="w-full"
            disabled={join.isPending}
            onClick={() => void switchAccount()}
          >
            別のアカウントに切り替える
          </Button>
        </div>
      ) : null}

      {account.kind === 'signedOut' ? (
        signingUp ? (
          <div className="border-t pt-4">
            <SignUpPanel
              code={code}
              boundEmail={preview.email}
              onSignedUp={() => {
                setSigningUp(false);
                setSignedUpHere(true);
              }}
              onCancel={() => {
                setSigningUp(false);
                requestAnimationFrame(() =>
                  choicesRef.current?.querySelector<HTMLElement>('button')?.focus(),
                );
              }}
            />
          </div>
        ) : (
          <div ref={choicesRef} className="flex flex-col gap-3 border-t pt-4">
            <p className="text-sm leading-[1.7]">
              参加するにはログインが必要です。アカウントをお持ちでない方は、ここで作成できます。
            </p>
            <Button asChild className="w-full">
              <Link to={loginPath}>ログインして参加</Link>
            </Button>
            <Button variant="outline" className="w-full" onClick={() => setSigningUp(true)}>
              アカウントを作成して参加
            </Button>
          </div>
        )
      ) : null}
    </>
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
