import { LifeBuoy } from 'lucide-react';
import { Button, type ButtonProps } from '../components/button/button';
import { commonMessages } from '../i18n/groups/common';
import { errorsMessages } from '../i18n/groups/errors';
import { useMessageGroups } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/date';
import {
  type DisplayError,
  formatValidationErrors as formatWithLabels,
  supportMailtoHref,
  type ValidationErrorEntry,
} from '../lib/errors';

/** Request id, code, category, path and time of an error, as a description list. */
export function ErrorDetailsList({
  error,
  id,
  className,
}: {
  error: DisplayError;
  id?: string;
  className?: string;
}) {
  const messages = useMessageGroups({ common: commonMessages, errors: errorsMessages });
  const text = messages.errors;
  const na = messages.common.notAvailable;
  const rows: [string, string][] = [
    [text.details.requestId, error.request_id || na],
    [text.details.code, error.code],
    [text.details.category, error.category ? (text.categories[error.category] ?? error.category) : na],
    [text.details.path, error.path || na],
    [text.details.time, error.timestamp ? formatDateTime(error.timestamp) : na],
  ];
  return (
    <dl
      id={id}
      data-slot="error-details"
      className={cn('grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted p-3 text-xs', className)}
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-mono break-all text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 入力エラー: each entry as the field's Japanese label, a colon and the message, one per line. */
export function ValidationErrorList({
  errors,
  format,
}: {
  errors: readonly ValidationErrorEntry[];
  format?: (errors: readonly ValidationErrorEntry[]) => string[];
}) {
  const messages = useMessageGroups({ common: commonMessages, errors: errorsMessages });
  const lines = format
    ? format(errors)
    : formatWithLabels(errors, messages.errors.fieldLabels, messages.errors.validationGeneric);
  return (
    <div data-slot="validation-errors" className="grid gap-1">
      <p className="text-sm font-semibold">{messages.errors.validationTitle}</p>
      <ul className="grid gap-0.5 text-sm">
        {lines.map((line) => (
          <li key={line} className="flex gap-1.5 before:content-['・']">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

export type SupportContactProps = {
  error: DisplayError | null;
  onContactSupport?: ((error: DisplayError | null) => void) | undefined;
  supportEmail?: string | undefined;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  label?: string;
};

/** サポートに連絡: the app's handler, else a mail draft to `supportEmail`, else nothing. */
export function SupportContact({
  error,
  onContactSupport,
  supportEmail,
  variant = 'outline',
  size = 'sm',
  className,
  label,
}: SupportContactProps) {
  const messages = useMessageGroups({ common: commonMessages, errors: errorsMessages });
  const text = label ?? messages.errors.contactSupport;
  if (onContactSupport) {
    return (
      <Button variant={variant} size={size} className={className} onClick={() => onContactSupport(error)}>
        <LifeBuoy aria-hidden="true" />
        {text}
      </Button>
    );
  }
  if (!supportEmail) return null;
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <a
        href={supportMailtoHref(supportEmail, error, messages.errors.supportMail)}
        data-slot="support-mailto"
      >
        <LifeBuoy aria-hidden="true" />
        {text}
      </a>
    </Button>
  );
}
