import type { ReactNode } from 'react';
import { useSession } from '../session/session';
import { ErrorDisplayProvider } from './error-display';
import { ReportMutationErrors } from './report-mutation-errors';

/** Error display and mutation error reporting for the whole app. */
export function ErrorHandling({ children }: { children: ReactNode }) {
  const { signOut } = useSession();
  return (
    <ErrorDisplayProvider
      onAuthenticationError={() => void signOut()}
      supportEmail={import.meta.env.VITE_SUPPORT_EMAIL || undefined}
    >
      <ReportMutationErrors />
      {children}
    </ErrorDisplayProvider>
  );
}
