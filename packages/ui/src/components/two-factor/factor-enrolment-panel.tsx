import { type FormEvent, type ReactNode, useRef } from 'react';
import { twoFactorMessages } from '../../i18n/groups/two-factor';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { CopyTextButton, selectText } from './copy-button';
import { groupSecret } from './one-time-code';
import { OneTimeCodeInput } from './one-time-code-input';

export type FactorEnrolmentPanelProps = {
  /** The QR code as an image URL (the auth service's SVG data URI). */
  qrCode: string;
  /** The TOTP secret (base32), shown in groups of four for typing. */
  secret: string;
  /** The first code, as typed. */
  code: string;
  onCodeChange: (code: string) => void;
  /** Verifies the first code; the panel's form submits it. */
  onSubmit: (code: string) => void;
  /** Leaves the enrolment (omit when the person cannot go on without a factor). */
  onCancel?: () => void;
  /** The code was refused, or the service failed. */
  error?: ReactNode;
  submitting?: boolean;
  /** Above the steps, e.g. why enrolment is required. */
  intro?: ReactNode;
  className?: string;
};

/**
 * Adds an authenticator app: its QR code (with Japanese alternative text), the setup key in groups
 * of four with a copy button for typing it by hand, and the first code, which proves the app works.
 */
export function FactorEnrolmentPanel({
  qrCode,
  secret,
  code,
  onCodeChange,
  onSubmit,
  onCancel,
  error,
  submitting = false,
  intro,
  className,
}: FactorEnrolmentPanelProps) {
  const m = useMessageGroups({ twoFactor: twoFactorMessages }).twoFactor;
  const secretRef = useRef<HTMLElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <section
      data-slot="factor-enrolment-panel"
      className={cn('flex flex-col gap-4', className)}
      aria-label={m.enrolHeading}
    >
      {intro}
      <p className="text-sm text-foreground">{m.scanStep}</p>
      <img
        src={qrCode}
        alt={m.qrAlt}
        width={192}
        height={192}
        className="size-48 self-center rounded-md border bg-white p-2 sm:self-start"
      />
      <p className="text-sm text-foreground">{m.secretStep}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">{m.secretLabel}</span>
          <code
            ref={secretRef}
            data-slot="factor-secret"
            data-secret={secret}
            className="rounded-md bg-muted px-3 py-2 font-mono text-base break-words text-foreground select-all"
          >
            {groupSecret(secret)}
          </code>
        </div>
        <CopyTextButton
          text={secret}
          label={m.copySecret}
          copiedLabel={m.copied}
          failedLabel={m.copyFailed}
          onFailed={() => selectText(secretRef.current)}
          className="w-fit sm:mt-5"
        />
      </div>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <p className="text-sm text-foreground">{m.codeStep}</p>
        <OneTimeCodeInput value={code} onChange={onCodeChange} error={error} required />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={submitting}>
            {m.enrolSubmit}
          </Button>
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={submitting}>
              {m.cancel}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
