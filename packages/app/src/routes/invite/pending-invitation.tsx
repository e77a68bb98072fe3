import { useMutation, useQuery } from '@tanstack/react-query';
import {
  formatValidationErrors,
  type InvitationPreview,
  isApiError,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
} from '@tsumiki/api-client';
import { tenantMeQueryOptions, useInvitationMutationOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Chip, Spinner } from '@tsumiki/ui';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { emailMatches, invitationHeadline } from '../../features/invitations/invite-status';
import { formatTenantDateTime } from '../../lib/format';
import { useSession } from '../../session/session';
import { SignUpPanel } from './sign-up-panel';

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
 * 参加する with the invitation's code: a refusal is shown (and focused) on the page; one that
 * says the invitation changed meanwhile (used, revoked, expired) asks for it again.
 */
function useJoin(code: string, onJoined: (result: Joined) => void, onStale: () => void) {
  const [joinError, setJoinError] = useState<string | null>(null);
  const [failure, setFailure] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  // The page refetches what the user sees itself once the joined state shows (see onJoined).
  const join = useMutation({
    ...useInvitationMutationOptions(api),
    onSuccess: undefined,
    meta: { errorDisplay: 'inline' },
  });
  useEffect(() => {
    if (failure > 0) errorRef.current?.focus();
  }, [failure]);

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
  return { pending: join.isPending, joinError, setJoinError, errorRef, onJoin };
}

type Joined = { tenantName: string; role: InvitationPreview['role'] };

/** A usable invitation: what it offers, then 参加する for who is signed in, or the way to sign in. */
export function PendingInvitation({
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
  onJoined: (result: Joined) => void;
  onStale: () => void;
}) {
  const account = useAccount();
  const { signOut } = useSession();
  const [signingUp, setSigningUp] = useState(false);
  const { pending, joinError, setJoinError, errorRef, onJoin } = useJoin(code, onJoined, onStale);
  const createdRef = useRef<HTMLDivElement>(null);
  const choicesRef = useRef<HTMLDivElement>(null);
  // After the account is created and signed in, focus goes to the message that says what is next.
  const signedInNow = signedUpHere && account.kind === 'signedIn';
  useEffect(() => {
    if (signedInNow) createdRef.current?.focus();
  }, [signedInNow]);

  const loginPath = `${appRoutes.login.path}?redirect=${encodeURIComponent(`${appRoutes.invite.path}?code=${encodeURIComponent(code)}`)}`;

  const switchAccount = async () => {
    setSignedUpHere(false);
    setJoinError(null);
    await signOut();
    choicesRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  };

  return (
    <>
      <InvitationSummary preview={preview} />

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
        <SignedInChoices
          account={account}
          boundEmail={preview.email}
          signedUpHere={signedUpHere}
          createdRef={createdRef}
          joining={pending}
          onJoin={() => void onJoin(account.email)}
          onSwitch={() => void switchAccount()}
        />
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

function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <section aria-labelledby="invite-headline" className="flex flex-col gap-3">
      <p id="invite-headline" className="text-base font-semibold leading-[1.7]" data-testid="invite-headline">
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
  );
}

/** Who is signed in, whether the invitation is for them, 参加する and 別のアカウントに切り替える. */
function SignedInChoices({
  account,
  boundEmail,
  signedUpHere,
  createdRef,
  joining,
  onJoin,
  onSwitch,
}: {
  account: Extract<Account, { kind: 'signedIn' }>;
  /** The address the invitation is for, if any. */
  boundEmail: InvitationPreview['email'];
  signedUpHere: boolean;
  createdRef: RefObject<HTMLDivElement | null>;
  joining: boolean;
  onJoin: () => void;
  onSwitch: () => void;
}) {
  return (
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
      {!emailMatches(boundEmail, account.email) ? (
        <Alert variant="warning" title="このアカウントでは参加できません">
          この招待は {boundEmail} 宛てです。招待されたメールアドレスのアカウントに切り替えてください。
        </Alert>
      ) : null}
      <Button
        className="w-full"
        loading={joining}
        disabledReason={
          emailMatches(boundEmail, account.email)
            ? undefined
            : '招待されたメールアドレスのアカウントでのみ参加できます。'
        }
        onClick={onJoin}
      >
        参加する
      </Button>
      <Button variant="ghost" className="w-full" disabled={joining} onClick={onSwitch}>
        別のアカウントに切り替える
      </Button>
    </div>
  );
}
