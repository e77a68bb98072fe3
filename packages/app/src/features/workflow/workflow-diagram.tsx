import { ArrowDown, ArrowRight } from 'lucide-react';
import type { EditableStep } from './workflow-steps';

/** Owners' colours: a fixed palette by first appearance. */
const PALETTE = [
  'border-primary bg-primary/5',
  'border-info bg-info/5',
  'border-success bg-success/5',
  'border-warning bg-warning/5',
  'border-error bg-error/5',
];

/**
 * The steps as boxes in order, arrows between them (down on narrow screens, right on wide ones);
 * a box's colour is its owner, and an arrow between two owners is labelled as a hand-off.
 */
export function WorkflowDiagram({ steps }: { steps: readonly EditableStep[] }) {
  const owners = [...new Set(steps.map((step) => step.owner_role.trim() || '担当なし'))];
  const colour = (owner: string) => PALETTE[owners.indexOf(owner) % PALETTE.length];
  return (
    <figure aria-label="手順の図" className="grid gap-3">
      <ul aria-label="担当の凡例" className="flex flex-wrap gap-2 text-xs">
        {owners.map((owner) => (
          <li key={owner} className={`rounded border-2 px-2 py-0.5 ${colour(owner)}`}>
            {owner}
          </li>
        ))}
      </ul>
      <ol className="flex flex-col items-stretch gap-1 md:flex-row md:flex-wrap md:items-center">
        {steps.map((step, index) => {
          const owner = step.owner_role.trim() || '担当なし';
          const previous = index > 0 ? steps[index - 1]?.owner_role.trim() || '担当なし' : null;
          const handoff = previous !== null && previous !== owner;
          return (
            <li key={step.key} className="flex flex-col items-stretch gap-1 md:flex-row md:items-center">
              {index > 0 ? (
                <span className="flex items-center justify-center gap-1 text-muted-foreground text-xs">
                  <ArrowDown aria-hidden="true" className="size-4 md:hidden" />
                  <ArrowRight aria-hidden="true" className="hidden size-4 md:block" />
                  {handoff ? <span>受け渡し</span> : <span className="sr-only">次へ</span>}
                </span>
              ) : null}
              <span className={`grid min-w-0 rounded-md border-2 px-3 py-2 text-sm md:w-44 ${colour(owner)}`}>
                <span className="font-medium break-words">
                  {index + 1}. {step.title || '（名前なし）'}
                </span>
                <span className="text-muted-foreground text-xs">
                  {owner}
                  {step.estimated_minutes !== '' ? `・${step.estimated_minutes} 分` : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
