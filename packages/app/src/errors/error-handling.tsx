import { type ReactNode, useEffect } from 'react';
import { useSession } from '../session/session';
import { setReporterIdentity } from './capture';
import { ErrorDisplayProvider } from './error-display';
import { ReportMutationErrors } from './report-mutation-errors';
import { supportEmail } from './support';

/** Error display, mutation error reporting and who error reports are attributed to. */
export function ErrorHandling({ children }: { children: ReactNode }) {
  const { state, signOut } = useSession();
  const userId = state.status === 'signedIn' ? state.user.id : null;
  const tenantId = state.status === 'signedIn' ? (state.tenant?.tenant_id ?? null) : null;
  useEffect(() => setReporterIdentity(userId ? { userId, tenantId } : null), [userId, tenantId]);
  return (
    <ErrorDisplayProvider onAuthenticationError={() => void signOut()} supportEmail={supportEmail}>
      <ReportMutationErrors />
      {children}
    </ErrorDisplayProvider>
  );
}
