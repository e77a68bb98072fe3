import { Alert, Button, RecoveryCodesDisplay } from '@tsumiki/ui';
import { LogOut } from 'lucide-react';
import type { MfaStep } from '../../session/session';
import { useSession } from '../../session/session';
import { PublicPage } from '../../shell/public-page';
import { CodeStep } from './code-step';
import { EnrolStep } from './enrol-step';
import { twoFactorMessages as m } from './messages';
import { setPendingRecoveryCodes, usePendingRecoveryCodes } from './pending-recovery-codes';

function SignOutButton() {
  const { signOut } = useSession();
  return (
    <Button variant="outline" className="w-full" onClick={() => void signOut()}>
      <LogOut aria-hidden="true" />
      {m.signOut}
    </Button>
  );
}

/**
 * What a person signed in with the password only sees until the second factor is done: the code
 * (and the recovery code behind a link), or, when the tenant requires a factor they do not have,
 * the enrolment. Nothing else of the app is reachable; signing out is. Recovery codes issued at
 * the enrolment come first, until the person says they are saved.
 */
export function MfaGate({ step }: { step: MfaStep }) {
  const { sessionEmail } = useSession();
  const codes = usePendingRecoveryCodes();
  if (codes) return <RecoveryCodesPage codes={codes} email={sessionEmail ?? ''} />;
  return (
    <PublicPage heading={step === 'enrol' ? m.enrolHeading : m.codeHeading}>
      {step === 'enrol' ? (
        <EnrolStep
          onEnrolled={(codes) => setPendingRecoveryCodes(codes)}
          intro={
            <Alert variant="info" title={m.enrolRequiredTitle}>
              {m.enrolRequired}
            </Alert>
          }
        />
      ) : (
        <CodeStep />
      )}
      <SignOutButton />
    </PublicPage>
  );
}

/** The recovery codes of the enrolment just made, shown once before the app goes on. */
export function RecoveryCodesPage({ codes, email }: { codes: readonly string[]; email: string }) {
  return (
    <PublicPage heading="リカバリーコードの保存">
      <RecoveryCodesDisplay codes={codes} account={email} onSaved={() => setPendingRecoveryCodes(null)} />
    </PublicPage>
  );
}
