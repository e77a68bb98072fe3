import { CircleCheck, CircleMinus, LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { progressStepsMessages } from '../../i18n/groups/progress-steps';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type ProgressStepStatus = 'running' | 'done' | 'skipped';

export type ProgressStep = {
  /** Identifier of the step (unique in the list). */
  step: string;
  /** What the step does, shown to the user. */
  label: string;
  status: ProgressStepStatus;
};

export type ProgressStepsProps = Omit<ComponentProps<'div'>, 'children'> & {
  steps: readonly ProgressStep[];
  /** Accessible name of the list; defaults to 処理の状況. */
  label?: string;
};

/**
 * The steps of a long-running operation as an ordered list: a spinner while a step runs, a check
 * when it is done, a dash when skipped. The latest step is announced through a polite live region.
 */
export function ProgressSteps({ steps, label, className, ...props }: ProgressStepsProps) {
  const messages = useMessageGroups({ progressSteps: progressStepsMessages });
  const text = messages.progressSteps;
  const name = label ?? text.label;
  const latest = steps.at(-1);
  return (
    <div data-slot="progress-steps" className={cn('grid gap-2', className)} {...props}>
      <ol aria-label={name} className="grid gap-1.5">
        {steps.map((step) => (
          <li
            key={step.step}
            data-status={step.status}
            className={cn(
              'flex min-w-0 items-start gap-2 text-sm',
              step.status === 'skipped' ? 'text-muted-foreground' : 'text-foreground',
            )}
          >
            <StatusIcon status={step.status} />
            <span className="min-w-0 break-words">
              {step.label}
              <span className="sr-only">（{text[step.status]}）</span>
            </span>
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {latest ? `${latest.label}（${text[latest.status]}）` : ''}
      </p>
    </div>
  );
}

function StatusIcon({ status }: { status: ProgressStepStatus }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (status === 'running')
    return (
      <LoaderCircle
        aria-hidden="true"
        data-icon="running"
        className={cn(className, 'animate-spin text-primary motion-reduce:animate-none')}
      />
    );
  if (status === 'done')
    return <CircleCheck aria-hidden="true" data-icon="done" className={cn(className, 'text-success')} />;
  return (
    <CircleMinus aria-hidden="true" data-icon="skipped" className={cn(className, 'text-muted-foreground')} />
  );
}
