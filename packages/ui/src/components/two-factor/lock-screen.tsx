import { Lock } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { twoFactorMessages } from '../../i18n/groups/two-factor';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { PasswordField } from '../password-field/password-field';
import { OneTimeCodeInput } from './one-time-code-input';

export type LockScreenUnlock = { password: string; code?: string };

export type LockScreenProps = {
  /** Who is signed in. */
  name: string;
  email: string;
  /** Ask for the second factor's code too. */
  needsCode?: boolean;
  /** Checks the password (and code); resolves with an error message, or null when unlocked. */
  onUnlock: (input: LockScreenUnlock) => Promise<string | null>;
  /** Signs out, for another person to sign in. */
  onSignOut: () => void;
  /** Above the form, e.g. the product's mark. */
  brand?: ReactNode;
  className?: string;
};

/**
 * The locked screen (クリアスクリーン): who is signed in, their password (and the second factor's
 * code when required) to go on, or signing out so that someone else can sign in.
 */
export function LockScreen({
  name,
  email,
  needsCode = false,
  onUnlock,
  onSignOut,
  brand,
  className,
}: LockScreenProps) {
  const m = useMessageGroups({ twoFactor: twoFactorMessages }).twoFactor;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await onUnlock(needsCode ? { password, code } : { password });
    setBusy(false);
    if (result) {
      setError(result);
      setCode('');
      passwordRef.current?.focus();
    }
  };

  return (
    <main
      data-slot="lock-screen"
      className={cn('flex min-h-dvh items-center justify-center bg-background p-4', className)}
    >
      <div className="flex w-full max-w-sm flex-col gap-5 rounded-lg border bg-surface p-6 shadow-sm">
        {brand}
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted">
            <Lock aria-hidden="true" className="size-6 text-muted-foreground" />
          </span>
          <h1 className="text-lg font-semibold text-foreground">{m.lockHeading}</h1>
          <p className="text-sm text-muted-foreground">
            {needsCode ? m.lockDescriptionWithCode : m.lockDescription}
          </p>
        </div>
        <section
          aria-label={m.signedInAs}
          className="flex flex-col items-center rounded-md bg-muted/50 p-3 text-center"
        >
          <span className="font-medium break-all text-foreground">{name}</span>
          <span className="text-sm break-all text-muted-foreground">{email}</span>
        </section>
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
          {/* For password managers: the account being unlocked. */}
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            ref={passwordRef}
            label={m.password}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {needsCode ? <OneTimeCodeInput value={code} onChange={setCode} required /> : null}
          {error ? (
            <Alert variant="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" loading={busy}>
            {m.unlock}
          </Button>
          <Button variant="link" className="w-full whitespace-normal" onClick={onSignOut} disabled={busy}>
            {m.signOutInstead}
          </Button>
        </form>
      </div>
    </main>
  );
}
