import { Alert, Button, RecoveryCodesDisplay } from '@tsumiki/ui';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import type { MfaStep } from '../../session/session';
import { useSession } from '../../session/session';
import { PublicPage } from '../../shell/public-page';
import { CodeStep } from './code-step';
import { EnrolStep } from './enrol-step';
import { twoFactorMessages as m } from './messages';
import { secondFactorDone } from './mfa-api';

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
 * the enrolment. Nothing else of the app is reachable; signing out is. The recovery codes issued at
 * the enrolment are shown here, once; the session goes on when the person says they are saved.
 */
export function MfaGate({ step }: { step: MfaStep }) {
  const { sessionEmail } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <PublicPage heading={m.recoveryHeading}>
        <RecoveryCodesDisplay
          codes={codes}
          account={sessionEmail ?? ''}
          onSaved={() => void secondFactorDone()}
        />
      </PublicPage>
    );
  }
  return (
    <PublicPage heading={step === 'enrol' ? m.enrolHeading : m.codeHeading}>
      {step === 'enrol' ? (
        <EnrolStep
          onEnrolled={(issued) => (issued ? setCodes(issued) : void secondFactorDone())}
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
