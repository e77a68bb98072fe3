import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronDown, CircleAlert, KeyRound, LogOut, OctagonAlert, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { errorsMessages } from '../../i18n/groups/errors';
import { useMessageGroups } from '../../i18n/messages-provider';
import { ErrorDetailsList, SupportContact, ValidationErrorList } from '../../internal/error-parts';
import { cn } from '../../lib/cn';
import {
  type DisplayError,
  errorModalKind,
  isRetryableError,
  offersSupportContact,
  type ValidationErrorEntry,
} from '../../lib/errors';
import { Button } from '../button/button';
import { Chip } from '../chip/chip';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../dialog/dialog';

export type ErrorModalProps = {
  error: DisplayError | null;
  open: boolean;
  /** Escape (not for CRITICAL), the overlay (not for CRITICAL) and the close button. */
  onOpenChange: (open: boolean) => void;
  onRetry?: () => void;
  retrying?: boolean;
  onContactSupport?: (error: DisplayError | null) => void;
  supportEmail?: string;
  /** For authentication errors: ログアウト (the user then signs in again). */
  onLogout?: () => void;
  formatValidationErrors?: (errors: readonly ValidationErrorEntry[]) => string[];
};

const kindIcons = {
  authentication: KeyRound,
  critical: OctagonAlert,
  system: CircleAlert,
  generic: CircleAlert,
} as const;

/**
 * The dialog for HIGH, CRITICAL and authentication errors, titled 認証エラー, 重大なエラー,
 * システムエラー or エラー. A CRITICAL one is not dismissed by Escape or a click outside; an
 * authentication one recommends logging out and in again.
 */
export function ErrorModal({
  error,
  open,
  onOpenChange,
  onRetry,
  retrying = false,
  onContactSupport,
  supportEmail,
  onLogout,
  formatValidationErrors,
}: ErrorModalProps) {
  const messages = useMessageGroups({ common: commonMessages, errors: errorsMessages });
  const text = messages.errors;
  const kind = error ? errorModalKind(error) : 'generic';
  const critical = error?.severity === 'critical';
  const [expanded, setExpanded] = useState(critical);
  const [shownFor, setShownFor] = useState(error);
  const detailsId = useId();
  if (shownFor !== error) {
    // A new error: details start open only for a critical one.
    setShownFor(error);
    setExpanded(critical);
  }
  const Icon = kindIcons[kind];
  const canRetry = Boolean(error && onRetry && isRetryableError(error));
  const canContact = Boolean(error && offersSupportContact(error) && (onContactSupport || supportEmail));

  return (
    <Dialog open={open && error !== null} onOpenChange={onOpenChange}>
      {error && (
        <DialogContent
          data-slot="error-modal"
          data-kind={kind}
          data-severity={error.severity}
          role="alertdialog"
          showCloseButton={!critical}
          onEscapeKeyDown={(event) => {
            if (critical) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (critical) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (critical) event.preventDefault();
          }}
        >
          <DialogHeader>
            <div className="flex items-center gap-3">
              <span
                className={cn(
                  'grid size-10 shrink-0 place-items-center rounded-full',
                  kind === 'authentication'
                    ? 'bg-warning-subtle text-warning-subtle-foreground'
                    : 'bg-error-subtle text-error-subtle-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="grid gap-1">
                <DialogTitle>{text.titles[kind]}</DialogTitle>
                <Chip
                  variant={error.severity === 'critical' || error.severity === 'high' ? 'error' : 'warning'}
                  size="sm"
                  className="uppercase"
                >
                  {error.severity}
                  <span className="sr-only">（{text.severities[error.severity]}）</span>
                </Chip>
              </div>
            </div>
          </DialogHeader>
          <div className="grid gap-3">
            {/* The message is what the modal says: in body text, not in DialogDescription's small grey. */}
            <DialogPrimitive.Description data-slot="dialog-description" className="text-base text-foreground">
              {error.message}
            </DialogPrimitive.Description>
            {error.suggestion && (
              <p className="text-sm leading-[1.7] text-muted-foreground">{error.suggestion}</p>
            )}
            {kind === 'authentication' && (
              <p
                data-slot="error-modal-relogin"
                className="rounded-md bg-warning-subtle p-3 text-sm text-warning-subtle-foreground"
              >
                {text.reLogin}
              </p>
            )}
            {error.validation_errors && error.validation_errors.length > 0 && (
              <ValidationErrorList errors={error.validation_errors} format={formatValidationErrors} />
            )}
            <div>
              <Button
                variant="subtle"
                size="sm"
                className="-ml-2"
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
              {expanded && <ErrorDetailsList error={error} id={detailsId} className="mt-2" />}
            </div>
          </div>
          <DialogFooter className="flex-wrap">
            {canContact && (
              <SupportContact
                error={error}
                onContactSupport={onContactSupport}
                supportEmail={supportEmail}
                size="md"
                className="sm:mr-auto"
              />
            )}
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {messages.common.close}
            </Button>
            {canRetry && (
              <Button variant="outline" loading={retrying} onClick={onRetry}>
                {!retrying && <RotateCw aria-hidden="true" />}
                {retrying ? text.retrying : text.retry}
              </Button>
            )}
            {kind === 'authentication' && onLogout && (
              <Button onClick={onLogout}>
                <LogOut aria-hidden="true" />
                {text.logout}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
