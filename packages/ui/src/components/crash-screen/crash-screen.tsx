import { House, LifeBuoy, OctagonAlert, RefreshCw } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { crashMessages } from '../../i18n/groups/crash';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { type DateInput, formatDateTime } from '../../lib/date';
import { mailtoHref } from '../../lib/errors';
import { Button } from '../button/button';
import { Chip } from '../chip/chip';

/** What the error boundary caught. */
export type CrashReport = {
  /** The id the error was reported under (shown to the user, quoted to support). */
  id: string;
  message: string;
  /** e.g. TypeError. */
  name?: string;
  stack?: string | null;
  /** Component stack from React's error info. */
  componentStack?: string | null;
  /** When it happened; defaults to the first render of the screen. */
  time?: DateInput;
  /** The page it happened on; defaults to `location.href`. */
  url?: string;
};

export type CrashScreenProps = Omit<ComponentProps<'div'>, 'children'> & {
  error: CrashReport;
  onReload: () => void;
  onGoHome: () => void;
  /** The app's handler; without it `supportEmail` opens a mail draft with error id, message, time and URL. */
  onContactSupport?: (error: CrashReport) => void;
  supportEmail?: string;
};

/** The page shown when rendering crashed: アプリケーションエラー, CRITICAL, the error id, and ways out. */
export function CrashScreen({
  error,
  onReload,
  onGoHome,
  onContactSupport,
  supportEmail,
  className,
  ...props
}: CrashScreenProps) {
  const messages = useMessageGroups({ crash: crashMessages });
  const text = messages.crash;
  const [firstShown] = useState(() => Date.now());
  const time = formatDateTime(error.time ?? firstShown);
  const url = error.url ?? (typeof location === 'undefined' ? '' : location.href);
  const headline = error.name ? `${error.name}: ${error.message}` : error.message;
  // A stack trace usually starts with the headline already.
  const technical = [
    error.stack?.includes(error.message) ? null : headline,
    error.stack,
    error.componentStack,
  ]
    .filter(Boolean)
    .join('\n\n');

  return (
    <div
      data-slot="crash-screen"
      {...props}
      className={cn('grid min-h-dvh place-items-center bg-background px-4 py-10 text-foreground', className)}
    >
      <div
        role="alert"
        className="grid w-full max-w-xl gap-6 rounded-xl border bg-surface p-6 shadow-md sm:p-8"
      >
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-error-subtle text-error-subtle-foreground">
            <OctagonAlert aria-hidden="true" className="size-6" />
          </span>
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-bold">{text.title}</h1>
              <Chip variant="error" size="sm" data-slot="crash-screen-severity">
                CRITICAL
              </Chip>
            </div>
            <p className="text-sm leading-[1.7] text-muted-foreground">{text.description}</p>
          </div>
        </div>
        <p className="flex flex-wrap items-baseline gap-2 text-sm">
          <span className="text-muted-foreground">{text.errorId}</span>
          <code
            data-slot="crash-screen-error-id"
            className="rounded-sm bg-muted px-1.5 py-0.5 font-mono text-sm break-all"
          >
            {error.id}
          </code>
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={onReload}>
            <RefreshCw aria-hidden="true" />
            {text.reload}
          </Button>
          <Button variant="outline" onClick={onGoHome}>
            <House aria-hidden="true" />
            {text.goHome}
          </Button>
          {onContactSupport ? (
            <Button variant="ghost" onClick={() => onContactSupport(error)} className="sm:ml-auto">
              <LifeBuoy aria-hidden="true" />
              {text.contactSupport}
            </Button>
          ) : supportEmail ? (
            <Button variant="ghost" asChild className="sm:ml-auto">
              <a
                data-slot="support-mailto"
                href={mailtoHref(
                  supportEmail,
                  text.mailSubject,
                  text.mailBody({ errorId: error.id, message: error.message, time, url }),
                )}
              >
                <LifeBuoy aria-hidden="true" />
                {text.contactSupport}
              </a>
            </Button>
          ) : null}
        </div>
        <details data-slot="crash-screen-details" className="group rounded-md border">
          <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium outline-none select-none focus-visible:ring-2 focus-visible:ring-ring">
            {text.technicalDetails}
          </summary>
          <div className="grid gap-3 border-t px-3 py-3 text-xs">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">{text.message}</dt>
              <dd className="break-all">{error.message}</dd>
              <dt className="text-muted-foreground">{text.time}</dt>
              <dd className="tabular-nums">{time}</dd>
              <dt className="text-muted-foreground">{text.url}</dt>
              <dd className="break-all">{url}</dd>
            </dl>
            {technical && (
              <div className="grid gap-1">
                <p className="text-muted-foreground">{text.stack}</p>
                <pre className="rounded-sm bg-muted p-2 font-mono text-[0.6875rem] leading-relaxed whitespace-pre-wrap break-all">
                  {technical}
                </pre>
              </div>
            )}
          </div>
        </details>
      </div>
    </div>
  );
}
