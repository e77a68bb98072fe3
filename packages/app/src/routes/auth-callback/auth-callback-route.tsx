import { Alert, Button, Spinner } from '@tsumiki/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { safeReturnPath } from '../../lib/format';
import { loadAuth } from '../../session/load-auth';
import { messages } from '../../session/messages';
import { signInMessages } from '../../session/sign-in-messages';
import { PublicPage } from '../../shell/public-page';

/** SPEC section 9: the callback waits 1.5 s before going on. */
export const AUTH_CALLBACK_DELAY_MS = 1500;

type Outcome = { status: 'pending' } | { status: 'failed'; message: string };

/**
 * Completes a Google sign-in: the auth client (detectSessionInUrl, PKCE) exchanges the `code` of
 * this address for a session while it initialises; its result says whether that worked.
 */
export async function completeSignIn(): Promise<{ error: string | null }> {
  const auth = await loadAuth().catch(() => null);
  if (!auth) return { error: messages.networkError };
  const { authClient, authErrorMessage } = auth;
  const { error } = await authClient.initialize();
  if (error) return { error: authErrorMessage(error, signInMessages.googleLoginFailed) };
  const { data } = await authClient.getSession();
  return { error: data.session ? null : signInMessages.googleLoginFailed };
}

/**
 * /auth/callback (SPEC section 2): the return address of Google sign-in. A spinner with 認証中…,
 * then after 1.5 s the page the sign-in was for (/ by default); a failed exchange says so and
 * leads back to /login.
 */
export function Component() {
  const navigate = useNavigate();
  // Read once: the auth client removes `code` from the address after the exchange.
  const [target] = useState(() =>
    safeReturnPath(new URLSearchParams(window.location.search).get('redirect')),
  );
  const [outcome, setOutcome] = useState<Outcome>({ status: 'pending' });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    void completeSignIn().then(({ error }) => {
      if (cancelled) return;
      if (error) {
        setOutcome({ status: 'failed', message: error });
        return;
      }
      const wait = Math.max(0, AUTH_CALLBACK_DELAY_MS - (Date.now() - started));
      timer = setTimeout(() => navigate(target, { replace: true }), wait);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [navigate, target]);

  if (outcome.status === 'failed') {
    return (
      <PublicPage heading="ログインできませんでした">
        <Alert variant="error">{outcome.message}</Alert>
        <Button asChild className="w-full">
          <Link
            to={`${appRoutes.login.path}${target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`}`}
          >
            ログイン画面に戻る
          </Link>
        </Button>
      </PublicPage>
    );
  }
  return (
    <PublicPage heading={appRoutes.authCallback.title}>
      <div className="flex flex-col items-center gap-3 py-4">
        <Spinner size="lg" decorative />
        <p role="status" className="text-sm text-muted-foreground">
          認証中…
        </p>
      </div>
    </PublicPage>
  );
}
