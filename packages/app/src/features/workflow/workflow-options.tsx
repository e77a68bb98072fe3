import type { components } from '@tsumiki/api-client';
import { Checkbox } from '@tsumiki/ui';
import { useId } from 'react';

type Schemas = components['schemas'];
export type WorkflowReviewFocus = Schemas['WorkflowReviewFocus'];
export type WorkflowObjective = Schemas['WorkflowObjective'];

/** The contract's defaults: every focus (focus omitted); time and quality (objectives omitted). */
export const DEFAULT_FOCUS: readonly WorkflowReviewFocus[] = ['efficiency', 'risk', 'compliance', 'cost'];
export const DEFAULT_OBJECTIVES: readonly WorkflowObjective[] = ['time', 'quality'];

/** `values` in the order of `labels` (the contract's order), whatever order they were ticked in. */
export function inLabelOrder<T extends string>(
  labels: Readonly<Record<T, string>>,
  values: readonly T[],
): T[] {
  return (Object.keys(labels) as T[]).filter((value) => values.includes(value));
}

/** The chosen values as one Japanese line, e.g. 「リスク・法令順守」. */
export function describeChoices<T extends string>(
  labels: Readonly<Record<T, string>>,
  values: readonly T[],
): string {
  return inLabelOrder(labels, values)
    .map((value) => labels[value])
    .join('・');
}

/**
 * A group of checkboxes (fieldset + legend); Tab moves between them, Space toggles. When none is
 * ticked it says so (the caller disables its action; the message id is given to `describedBy`).
 */
export function ChoiceGroup<T extends string>({
  legend,
  labels,
  values,
  emptyMessage,
  onChange,
  messageId,
}: {
  legend: string;
  labels: Readonly<Record<T, string>>;
  values: readonly T[];
  emptyMessage: string;
  onChange: (values: T[]) => void;
  /** id of the "choose at least one" message, so the action can point at it. */
  messageId?: string;
}) {
  const generatedId = useId();
  const id = messageId ?? `${generatedId}-message`;
  const empty = values.length === 0;
  return (
    <fieldset className="min-w-0" aria-describedby={empty ? id : undefined}>
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {(Object.keys(labels) as T[]).map((value) => (
          <Checkbox
            key={value}
            label={labels[value]}
            checked={values.includes(value)}
            onCheckedChange={(checked) =>
              onChange(
                inLabelOrder(
                  labels,
                  checked === true ? [...values, value] : values.filter((item) => item !== value),
                ),
              )
            }
          />
        ))}
      </div>
      {/* Always present so that screen readers announce the message when it appears. */}
      <div role="status" className="text-error text-sm not-empty:mt-2">
        {empty ? <p id={id}>{emptyMessage}</p> : null}
      </div>
    </fieldset>
  );
}
