import { Button, cn, linkVariants, OneTimeCodeInput, TextField } from '@tsumiki/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { twoFactorMessages as m } from './messages';
import { secondFactorDone, verifyCode, verifyRecoveryCode } from './mfa-api';

/**
 * The second step of signing in: the authenticator app's code (challenge + verify through auth-js),
 * or, behind 「リカバリーコードを使う」, one recovery code. A refused code says why in Japanese and
 * the field takes the focus again. Success changes the session; the screen above follows it.
 */
export function CodeStep() {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refusal (or a switch of mode) the input takes the focus, ready for the next try.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each attempt and mode change
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [attempt, mode]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const value = mode === 'code' ? code : recovery.trim();
    if (mode === 'code' ? value.length !== 6 : value === '') {
      setError(mode === 'code' ? m.codeRequired : m.recoveryRequired);
      setAttempt((count) => count + 1);
      return;
    }
    setBusy(true);
    setError(null);
    const result = mode === 'code' ? await verifyCode(value) : await verifyRecoveryCode(value);
    if (result.error) {
      setBusy(false);
      setError(result.error);
      setCode('');
      setRecovery('');
      setAttempt((count) => count + 1);
      return;
    }
    await secondFactorDone();
    setBusy(false);
  };

  const switchMode = () => {
    setMode((current) => (current === 'code' ? 'recovery' : 'code'));
    setError(null);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="mfa-code-step">
      <p className="text-sm text-muted-foreground">{mode === 'code' ? m.codeIntro : m.recoveryIntro}</p>
      <form ref={formRef} className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {mode === 'code' ? (
          <OneTimeCodeInput
            value={code}
            onChange={setCode}
            error={error ?? undefined}
            description={null}
            required
          />
        ) : (
          <TextField
            label={m.recoveryLabel}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputClassName="font-mono"
            value={recovery}
            onChange={(event) => setRecovery(event.target.value)}
            error={error ?? undefined}
            required
          />
        )}
        {/* Read out at once; the message under the field stays for the eye. */}
        <p role="alert" className="sr-only">
          {error ?? ''}
        </p>
        <Button type="submit" className="w-full" loading={busy}>
          {m.verify}
        </Button>
      </form>
      <button
        type="button"
        className={cn(linkVariants(), 'self-start text-sm disabled:opacity-60')}
        onClick={switchMode}
        disabled={busy}
      >
        {mode === 'code' ? m.useRecovery : m.useApp}
      </button>
    </div>
  );
}
