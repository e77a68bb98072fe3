import { Alert, Button, TextField } from '@tsumiki/ui';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { LazyMfaGate } from '../../features/two-factor/lazy-gate';
import { safeReturnPath } from '../../lib/format';
import { loadAuth } from '../../session/load-auth';
import { messages } from '../../session/messages';
import { useSession } from '../../session/session';
import { signInMessages } from '../../session/sign-in-messages';
import { FullPageSpinner } from '../../shell/full-page-spinner';
import { PublicPage } from '../../shell/public-page';
import { releaseStaticLogin } from './static-login';

interface FieldErrors {
  email?: string;
  password?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'メールアドレスを入力してください。';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'メールアドレスの形式が正しくありません。';
  if (!password) errors.password = 'パスワードを入力してください。';
  return errors;
}

async function isGoogleConfigured(): Promise<boolean> {
  const response = await fetch('/auth/v1/settings', { headers: { accept: 'application/json' } });
  if (!response.ok) return false;
  const settings = (await response.json()) as { external?: { google?: boolean } };
  return settings.external?.google === true;
}

/** Where a sign-in from this screen goes: the welcome of /login-success, then the page it was for. */
export function loginSuccessPath(returnPath: string): string {
  const search = returnPath === '/' ? '' : `?redirect=${encodeURIComponent(returnPath)}`;
  return `${appRoutes.loginSuccess.path}${search}`;
}

/**
 * /login (SPEC section 2): Google, or email and password. A sign-in made here goes through the
 * welcome of /login-success; a signed-in visit goes straight on (to / unless `redirect` says).
 */
export function Component() {
  const { state, notice, signIn, withoutTenant } = useSession();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('redirect'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  /** True once this screen's form signed the user in (rather than a session that was already there). */
  const [signedInHere, setSignedInHere] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Bumped on each failed submit so that focus moves even when the message is the same as before. */
  const [failure, setFailure] = useState(0);
  /** The account has a verified factor and this session is aal1 (auth-js's assurance level). */
  const [codeStep, setCodeStep] = useState(false);

  // The busy submit button is disabled while the request runs, which drops focus to the page
  // body: after a failure focus goes to the error (or the first invalid field).
  useEffect(() => {
    if (failure === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else errorRef.current?.focus();
  }, [failure]);

  // Whatever this screen shows but its spinner replaces index.html's static sign-in screen, before
  // the browser paints: what was typed there is kept, the focus moves to the same field, and a
  // sign-in sent from there is sent from here once the typed values are in.
  const showsSpinner = state.status === 'loading' && !submitting;
  const [sendCarried, setSendCarried] = useState(false);
  const [googleCarried, setGoogleCarried] = useState(false);
  /** The Google sign-in of the latest render, for a press carried over from the static screen. */
  const googleRef = useRef<(() => Promise<void>) | null>(null);
  useLayoutEffect(() => {
    if (showsSpinner) return;
    const typed = releaseStaticLogin();
    if (!typed) return;
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
    if (typed.focused)
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${typed.focused}"]`)?.focus();
    if (typed.submitted) setSendCarried(true);
    else if (typed.google) setGoogleCarried(true);
  }, [showsSpinner]);
  useEffect(() => {
    if (!sendCarried) return;
    setSendCarried(false);
    formRef.current?.requestSubmit();
  }, [sendCarried]);
  useEffect(() => {
    if (!googleCarried) return;
    setGoogleCarried(false);
    void googleRef.current?.();
  }, [googleCarried]);

  if (state.status === 'needsMfa') return <LazyMfaGate step={state.step} />;
  if (codeStep && state.status !== 'signedIn' && state.status !== 'signedOut')
    return <LazyMfaGate step="verify" />;
  if (state.status === 'signedIn') {
    return <Navigate to={signedInHere ? loginSuccessPath(returnPath) : returnPath} replace />;
  }
  // A new account signed in here to accept an invitation: straight back to the invite page.
  if (withoutTenant && returnPath.startsWith(`${appRoutes.invite.path}?`)) {
    return <Navigate to={returnPath} replace />;
  }
  if (showsSpinner) return <FullPageSpinner />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setInfo(null);
    const errors = validate(email, password);
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      setFailure((count) => count + 1);
      return;
    }
    setSubmitting(true);
    setCodeStep(false);
    // Set before the request: the session may turn signed-in before signIn() returns.
    setSignedInHere(true);
    const result = await signIn(email.trim(), password);
    setSubmitting(false);
    if (!result.error) {
      const needsCode = await loadAuth()
        .then((auth) => auth.needsSecondFactor())
        .catch(() => false);
      if (needsCode) setCodeStep(true);
    }
    if (result.error) {
      setSignedInHere(false);
      setError(result.error);
      setFailure((count) => count + 1);
    }
  };

  const onGoogle = async () => {
    setError(null);
    setInfo(null);
    setGoogleBusy(true);
    const auth = await loadAuth().catch(() => null);
    if (!auth) {
      setError(messages.networkError);
      setGoogleBusy(false);
      return;
    }
    const { authClient, authErrorMessage } = auth;
    try {
      if (!(await isGoogleConfigured())) {
        setInfo(signInMessages.googleNotConfigured);
        return;
      }
      const redirectTo = `${window.location.origin}/auth/callback?redirect=${encodeURIComponent(returnPath)}`;
      const { error: oauthError } = await authClient.signInWithOAuth({
        provider: 'google',
        options: { redirectTo },
      });
      if (oauthError) setError(authErrorMessage(oauthError, signInMessages.googleLoginFailed));
    } catch (cause) {
      setError(authErrorMessage(cause, signInMessages.googleLoginFailed));
    } finally {
      setGoogleBusy(false);
    }
  };
  googleRef.current = onGoogle;

  return (
    <PublicPage heading={appRoutes.login.title}>
      {notice ? <Alert variant="warning">{notice}</Alert> : null}
      {error ? (
        <Alert ref={errorRef} variant="error" tabIndex={-1} className="outline-none">
          {error}
        </Alert>
      ) : null}
      {info ? <Alert variant="info">{info}</Alert> : null}
      <Button variant="outline" className="w-full" loading={googleBusy} onClick={() => void onGoogle()}>
        Google でログイン
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        または
        <span className="h-px flex-1 bg-border" />
      </div>
      <form
        ref={formRef}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField
          label="メールアドレス"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          label="パスワード"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" className="w-full" loading={submitting}>
          ログイン
        </Button>
      </form>
    </PublicPage>
  );
}
