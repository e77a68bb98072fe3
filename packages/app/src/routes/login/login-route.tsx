import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  TextField,
  TsumikiBrand,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { NetworkStatus } from '../../errors/network-status';
import { safeReturnPath } from '../../lib/format';
import { loadAuth } from '../../session/load-auth';
import { messages } from '../../session/messages';
import { useSession } from '../../session/session';
import { FullPageSpinner } from '../../shell/full-page-spinner';

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

/** /login (SPEC section 2): Google, or email and password. */
export function Component() {
  const { state, notice, signIn } = useSession();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('redirect'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);

  if (state.status === 'signedIn') return <Navigate to={returnPath} replace />;
  if (state.status === 'loading' && !submitting) return <FullPageSpinner />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setInfo(null);
    const errors = validate(email, password);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setSubmitting(true);
    const result = await signIn(email.trim(), password);
    setSubmitting(false);
    if (result.error) setError(result.error);
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
        setInfo(messages.googleNotConfigured);
        return;
      }
      const redirectTo = `${window.location.origin}/auth/callback?redirect=${encodeURIComponent(returnPath)}`;
      const { error: oauthError } = await authClient.signInWithOAuth({
        provider: 'google',
        options: { redirectTo },
      });
      if (oauthError) setError(authErrorMessage(oauthError, messages.googleLoginFailed));
    } catch (cause) {
      setError(authErrorMessage(cause, messages.googleLoginFailed));
    } finally {
      setGoogleBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md">
        <NetworkStatus className="mb-6 rounded-lg border" />
        <div className="mb-6 flex justify-center">
          <TsumikiBrand tagline="クリニックと小さな組織のための業務管理" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>
              <h1>{appRoutes.login.title}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {notice ? <Alert variant="warning">{notice}</Alert> : null}
            {error ? <Alert variant="error">{error}</Alert> : null}
            {info ? <Alert variant="info">{info}</Alert> : null}
            <Button variant="outline" className="w-full" loading={googleBusy} onClick={() => void onGoogle()}>
              Google でログイン
            </Button>
            <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              または
              <span className="h-px flex-1 bg-border" />
            </div>
            <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
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
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
