import { ChevronDown, CircleAlert, Info, RotateCw, TriangleAlert, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { errorsMessages } from '../../i18n/groups/errors';
import { useMessageGroups } from '../../i18n/messages-provider';
import { ErrorDetailsList, SupportContact, ValidationErrorList } from '../../internal/error-parts';
import { cn } from '../../lib/cn';
import {
  type DisplayError,
  errorTone,
  isRetryableError,
  LOW_SEVERITY_AUTO_HIDE_MS,
  offersSupportContact,
  type ValidationErrorEntry,
} from '../../lib/errors';
import { Button } from '../button/button';

export type ErrorSnackbarProps = {
  /** The error to show (an API error envelope's `error` fits as it is); null shows nothing. */
  error: DisplayError | null;
  /** Visible; hiding keeps the error (SPEC section 4). Defaults to true. */
  open?: boolean;
  /** Close button, Escape, or the automatic hide of a LOW error. */
  onDismiss: () => void;
  /** Offered only for the retryable codes (NET_001, NET_002, SYS_003, SYS_004, EXT_001, EXT_002, FILE_002, FILE_005). */
  onRetry?: () => void;
  retrying?: boolean;
  /** Offered for HIGH and CRITICAL errors; without it `supportEmail` opens a mail draft. */
  onContactSupport?: (error: DisplayError | null) => void;
  supportEmail?: string;
  /**
   * Hide after this many ms; defaults to 5000 for LOW and never for the others. `null` never hides.
   * The countdown pauses while the pointer or focus is on the snackbar.
   */
  autoHideMs?: number | null;
  /** Replaces the built-in `label: message` lines (e.g. the api-client's formatter). */
  formatValidationErrors?: (errors: readonly ValidationErrorEntry[]) => string[];
  /** In the flow of the page (e.g. a list of examples) instead of fixed to the bottom of the screen. */
  inline?: boolean;
  className?: string;
};

const toneClasses = {
  info: 'border-info/40 border-l-info [&_[data-slot=error-snackbar-icon]]:text-info',
  warning: 'border-warning/50 border-l-warning [&_[data-slot=error-snackbar-icon]]:text-warning',
  error: 'border-error/50 border-l-error [&_[data-slot=error-snackbar-icon]]:text-error',
} as const;
const toneIcons = { info: Info, warning: TriangleAlert, error: CircleAlert } as const;

/**
 * An API error at the bottom of the screen: LOW as info, MEDIUM as warning, HIGH and CRITICAL as
 * error; retry for the retryable codes, contact support for HIGH and CRITICAL, validation errors
 * under 入力エラー and expandable details (request id, code, category, path, time).
 */
export function ErrorSnackbar({
  error,
  open = true,
  onDismiss,
  onRetry,
  retrying = false,
  onContactSupport,
  supportEmail,
  autoHideMs,
  formatValidationErrors,
  inline = false,
  className,
}: ErrorSnackbarProps) {
  const messages = useMessageGroups({ common: commonMessages, errors: errorsMessages });
  const text = messages.errors;
  const [expanded, setExpanded] = useState(false);
  const [paused, setPaused] = useState(false);
  const detailsId = useId();
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;

  const visible = open && error !== null;
  const hideAfter =
    autoHideMs === undefined ? (error?.severity === 'low' ? LOW_SEVERITY_AUTO_HIDE_MS : null) : autoHideMs;

  // A new error starts collapsed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the error changes
  useEffect(() => {
    setExpanded(false);
  }, [error]);

  useEffect(() => {
    if (!visible || hideAfter === null || paused) return;
    const timer = setTimeout(() => onDismissRef.current(), hideAfter);
    return () => clearTimeout(timer);
  }, [visible, hideAfter, paused]);

  if (!visible || !error) return null;
  const tone = errorTone(error.severity);
  const Icon = toneIcons[tone];
  const validation = error.validation_errors;
  const canRetry = Boolean(onRetry) && isRetryableError(error);
  const canContact = offersSupportContact(error) && Boolean(onContactSupport || supportEmail);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause the auto-hide; Escape mirrors the close button
    <div
      data-slot="error-snackbar"
      data-tone={tone}
      data-severity={error.severity}
      role={tone === 'info' ? 'status' : 'alert'}
      aria-live={tone === 'info' ? 'polite' : 'assertive'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
      className={cn(
        'inset-x-2 bottom-2 z-[60] max-w-lg overflow-hidden rounded-lg border border-l-4 bg-surface text-surface-foreground shadow-lg',
        'sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[28rem]',
        inline ? 'static mx-0' : 'fixed mx-auto',
        'motion-safe:animate-toast-in',
        toneClasses[tone],
        className,
      )}
    >
      <div className="flex items-start gap-3 py-3 pr-2 pl-4">
        <Icon data-slot="error-snackbar-icon" aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="grid gap-0.5">
            <p data-slot="error-snackbar-title" className="text-sm font-semibold">
              {text.snackbarTitles[tone]}
            </p>
            <p data-slot="error-snackbar-message" className="text-sm leading-[1.7]">
              {error.message}
            </p>
            {error.suggestion && (
              <p
                data-slot="error-snackbar-suggestion"
                className="text-sm leading-[1.7] text-muted-foreground"
              >
                {error.suggestion}
              </p>
            )}
          </div>
          {validation && (validation.length > 0 || error.category === 'validation') && (
            <ValidationErrorList errors={validation} format={formatValidationErrors} />
          )}
          {expanded && <ErrorDetailsList error={error} id={detailsId} />}
          <div className="flex flex-wrap items-center gap-2">
            {canRetry && (
              <Button variant="outline" size="sm" loading={retrying} onClick={onRetry}>
                {!retrying && <RotateCw aria-hidden="true" />}
                {retrying ? text.retrying : text.retry}
              </Button>
            )}
            {canContact && (
              <SupportContact error={error} onContactSupport={onContactSupport} supportEmail={supportEmail} />
            )}
            <Button
              variant="subtle"
              size="sm"
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? text.hideDetails : text.showDetails}
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', expanded && 'rotate-180')}
              />
            </Button>
          </div>
        </div>
        <Button variant="ghost" size="icon-sm" aria-label={messages.common.close} onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
