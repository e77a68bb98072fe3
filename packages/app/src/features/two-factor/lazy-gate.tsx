import { lazy, Suspense } from 'react';
import { loadWhenOnline } from '../../errors/chunk-load';
import type { MfaStep } from '../../session/session';
import { FullPageSpinner } from '../../shell/full-page-spinner';

let securityParts: Promise<typeof import('../../shell/security-parts')> | undefined;

/**
 * Loads sign-in security's chunk (shell/security-parts.ts). The one place that names it: each
 * `import()` carries the list of files to preload with it, bytes of the first screens. One load for
 * the three parts that use it, so that a retry after a dropped connection is the one they all get.
 */
export const loadSecurityParts = () => {
  securityParts ??= loadWhenOnline(() => import('../../shell/security-parts')).catch((error: unknown) => {
    securityParts = undefined;
    throw error;
  });
  return securityParts;
};

// Loaded when a session first needs it: most sign-ins never do, and /login and / stay in budget.
const Gate = lazy(() => loadSecurityParts().then((module) => ({ default: module.MfaGate })));

/** The second factor's code or enrolment, or the recovery codes it left (see mfa-gate.tsx), in its own chunk. */
export function LazyMfaGate({ step }: { step: MfaStep }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Gate step={step} />
    </Suspense>
  );
}
