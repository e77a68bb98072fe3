import { Alert, Button, FactorEnrolmentPanel, Skeleton, SkeletonGroup } from '@tsumiki/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { twoFactorMessages as m } from './messages';
import { type Enrolment, issueRecoveryCodes, startEnrolment, verifyCode } from './mfa-api';

export interface EnrolStepProps {
  /** The first factor verified, with the recovery codes issued for it (null when none could be). */
  onEnrolled: (codes: string[] | null) => void;
  onCancel?: () => void;
  intro?: ReactNode;
  /** Issue recovery codes after the factor is verified (the first factor of an account). */
  issueCodes?: boolean;
}

/** Enrols an authenticator app: the QR code and key from the auth service, then the first code. */
export function EnrolStep({ onEnrolled, onCancel, intro, issueCodes = true }: EnrolStepProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = useCallback(async () => {
    setStartError(null);
    const result = await startEnrolment();
    if (result.error) setStartError(result.error);
    else setEnrolment(result.data);
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  if (startError) {
    return (
      <div className="flex flex-col gap-3">
        <Alert variant="error">{startError}</Alert>
        <Button variant="outline" className="w-fit" onClick={() => void start()}>
          再試行
        </Button>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <SkeletonGroup label="認証アプリの登録を準備しています">
        <Skeleton className="size-48" />
        <Skeleton className="h-10 w-full" />
      </SkeletonGroup>
    );
  }

  const submit = async (value: string) => {
    if (busy) return;
    if (value.length !== 6) {
      setError(m.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await verifyCode(value, enrolment.factorId);
    if (result.error) {
      setBusy(false);
      setError(result.error);
      setCode('');
      return;
    }
    const codes = issueCodes ? await issueRecoveryCodes() : null;
    setBusy(false);
    onEnrolled(codes?.data ?? null);
  };

  return (
    <FactorEnrolmentPanel
      qrCode={enrolment.qrCode}
      secret={enrolment.secret}
      code={code}
      onCodeChange={setCode}
      onSubmit={(value) => void submit(value)}
      onCancel={onCancel}
      error={error ?? undefined}
      submitting={busy}
      intro={intro}
    />
  );
}
