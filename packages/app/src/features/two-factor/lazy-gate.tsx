import { lazy, Suspense } from 'react';
import type { MfaStep } from '../../session/session';
import { FullPageSpinner } from '../../shell/full-page-spinner';

// Loaded when a session first needs them: most sign-ins never do, and /login and / stay in budget.
const Gate = lazy(() => import('../../shell/security-parts').then((module) => ({ default: module.MfaGate })));

/** The second factor's code or enrolment, or the recovery codes it left (see mfa-gate.tsx), in its own chunk. */
export function LazyMfaGate({ step }: { step: MfaStep }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Gate step={step} />
    </Suspense>
  );
}
