import { isApiError } from '@tsumiki/api-client';
import { type DisplayError, isAuthenticationError, isRetryableError } from '@tsumiki/ui';
import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { afterFirstScreen } from '../app/after-first-screen';
import { reportError } from './capture';
import type { ErrorViewProps } from './error-view';

// The snackbar and the modal (a Radix dialog) are not part of the first screen: they are fetched
// at the first idle moment after it (`afterFirstScreen`), so that they are there when the first
// error comes, which is often the network going away. Should they still be missing then, a plain
// notice shows the message.
const loadErrorView = () => import('./error-view');
const ErrorView = lazy<ComponentType<ErrorViewProps>>(() =>
  loadErrorView().catch(() => ({ default: PlainErrorView })),
);

/** At most this many retries per operation key (SPEC section 9). */
export const MAX_RETRIES = 3;

export interface RetryOperation {
  /** Retries of the same operation share this key. */
  key: string;
  run: () => Promise<unknown>;
}

interface ErrorDisplayState {
  error: DisplayError | null;
  visible: boolean;
}

interface ErrorDisplayValue {
  /** Shows an error; an authentication error goes to the authentication handler instead. */
  show: (error: DisplayError, retry?: RetryOperation) => void;
  /** Hides the display but keeps the error. */
  hide: () => void;
  /** Forgets the error and its retry operation. */
  clear: () => void;
  /**
   * Reports an unknown failure to the error reports, and shows it when it is an API error
   * (classified); anything else is only logged.
   */
  report: (error: unknown, retry?: RetryOperation) => void;
}

const ErrorDisplayContext = createContext<ErrorDisplayValue | null>(null);

/**
 * The app's error display (SPEC sections 4 and 8): one current error, shown as a snackbar, or as a
 * modal when it is high, critical or about authentication; retry while allowed for its key.
 */
export function ErrorDisplayProvider({
  children,
  onAuthenticationError,
  supportEmail,
}: {
  children: ReactNode;
  onAuthenticationError: () => void;
  supportEmail?: string;
}) {
  const [state, setState] = useState<ErrorDisplayState>({ error: null, visible: false });
  const [retrying, setRetrying] = useState(false);
  const retryOperation = useRef<RetryOperation | null>(null);
  const retryCounts = useRef(new Map<string, number>());

  const clear = useCallback(() => {
    retryOperation.current = null;
    setState({ error: null, visible: false });
  }, []);
  const hide = useCallback(() => setState((current) => ({ ...current, visible: false })), []);
  const show = useCallback(
    (error: DisplayError, retry?: RetryOperation) => {
      if (isAuthenticationError(error)) {
        onAuthenticationError();
        return;
      }
      retryOperation.current = retry ?? null;
      setState({ error, visible: true });
    },
    [onAuthenticationError],
  );
  const report = useCallback(
    (error: unknown, retry?: RetryOperation) => {
      // Every error it is given also goes to the error reports (once per error object).
      reportError(error, { kind: 'display' });
      if (isApiError(error)) show(error.body, retry);
      else console.error(error);
    },
    [show],
  );

  const operation = retryOperation.current;
  const canRetry =
    state.error !== null &&
    operation !== null &&
    isRetryableError(state.error) &&
    (retryCounts.current.get(operation.key) ?? 0) < MAX_RETRIES;

  const retry = useCallback(async () => {
    const current = retryOperation.current;
    if (!current) return;
    const attempts = (retryCounts.current.get(current.key) ?? 0) + 1;
    retryCounts.current.set(current.key, attempts);
    setRetrying(true);
    try {
      await current.run();
      retryCounts.current.delete(current.key);
      clear();
    } catch (error) {
      if (attempts >= MAX_RETRIES) retryCounts.current.delete(current.key);
      reportError(error, { kind: 'display', tags: ['retry-failed'], metadata: { attempts } });
      if (isApiError(error)) {
        const failed = { ...error.body, context: { ...error.body.context, retry_failed: true, attempts } };
        show(failed, attempts < MAX_RETRIES ? current : undefined);
      } else console.error(error);
    } finally {
      setRetrying(false);
    }
  }, [clear, show]);

  useEffect(() => {
    void afterFirstScreen()
      .then(loadErrorView)
      .catch(() => undefined);
  }, []);

  const value = useMemo(() => ({ show, hide, clear, report }), [show, hide, clear, report]);
  const onRetry = canRetry ? () => void retry() : undefined;

  return (
    <ErrorDisplayContext value={value}>
      {children}
      {state.error === null ? null : (
        <Suspense fallback={null}>
          <ErrorView
            error={state.error}
            open={state.visible}
            onHide={hide}
            onRetry={onRetry}
            retrying={retrying}
            supportEmail={supportEmail}
            onLogout={onAuthenticationError}
          />
        </Suspense>
      )}
    </ErrorDisplayContext>
  );
}

/** The error without ui's snackbar, when its chunk could not be loaded. */
function PlainErrorView({ error, open, onHide }: ErrorViewProps) {
  if (!open) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-50 flex items-start gap-3 rounded-lg border bg-surface p-4 text-sm shadow-lg sm:left-auto sm:max-w-md"
    >
      <p className="flex-1">{error.message}</p>
      <button type="button" onClick={onHide} className="font-medium text-primary underline">
        閉じる
      </button>
    </div>
  );
}

export function useErrorDisplay(): ErrorDisplayValue {
  const value = useContext(ErrorDisplayContext);
  if (!value) throw new Error('useErrorDisplay must be used inside ErrorDisplayProvider');
  return value;
}
