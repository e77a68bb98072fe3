import { fieldLabels } from '@tsumiki/api-client';
import { type DisplayError, ErrorModal, ErrorSnackbar, MessagesProvider, needsErrorModal } from '@tsumiki/ui';

/**
 * Validation errors name fields by the contract's labels (its `title`s), never by their keys.
 * Provided here, with the error display, so the labels load with the first error rather than on
 * the first paint.
 */
const FIELD_LABELS = { errors: { fieldLabels: { ...fieldLabels } } };

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
  return (
    <MessagesProvider messages={FIELD_LABELS}>
      {needsErrorModal(error) ? (
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
      )}
    </MessagesProvider>
  );
}
