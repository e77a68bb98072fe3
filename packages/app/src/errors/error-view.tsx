import { type DisplayError, ErrorModal, ErrorSnackbar, needsErrorModal } from '@tsumiki/ui';

export interface ErrorViewProps {
  error: DisplayError;
  open: boolean;
  onHide: () => void;
  onRetry: (() => void) | undefined;
  retrying: boolean;
  supportEmail: string | undefined;
  onLogout: () => void;
}

/**
 * The current error on screen: a modal when it is high, critical or about authentication, else a
 * snackbar. Loaded by ErrorDisplayProvider with the first error.
 */
export default function ErrorView({
  error,
  open,
  onHide,
  onRetry,
  retrying,
  supportEmail,
  onLogout,
}: ErrorViewProps) {
  return needsErrorModal(error) ? (
    <ErrorModal
      error={error}
      open={open}
      onOpenChange={(next) => (next ? undefined : onHide())}
      onRetry={onRetry}
      retrying={retrying}
      supportEmail={supportEmail}
      onLogout={onLogout}
    />
  ) : (
    <ErrorSnackbar
      error={error}
      open={open}
      onDismiss={onHide}
      onRetry={onRetry}
      retrying={retrying}
      supportEmail={supportEmail}
    />
  );
}
