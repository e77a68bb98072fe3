import type { components } from '@tsumiki/api-client';
import { Button, IconButton, Textarea, TextField } from '@tsumiki/ui';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';

type WorkflowStep = components['schemas']['WorkflowStep'];
type WorkflowStepInput = components['schemas']['WorkflowStepInput'];

/** A step as edited on screen: text fields as strings, checks one per line. */
export interface EditableStep {
  key: string;
  title: string;
  description: string;
  owner_role: string;
  estimated_minutes: string;
  checks: string;
}

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

export function toEditable(steps: readonly WorkflowStep[]): EditableStep[] {
  return steps.map((step) => ({
    key: newKey(),
    title: step.title,
    description: step.description ?? '',
    owner_role: step.owner_role ?? '',
    estimated_minutes: step.estimated_minutes === null ? '' : String(step.estimated_minutes),
    checks: step.checks.join('\n'),
  }));
}

export function emptyStep(): EditableStep {
  return { key: newKey(), title: '', description: '', owner_role: '', estimated_minutes: '', checks: '' };
}

/** The edited steps as the contract's input (blank fields → null, one check per non-empty line). */
export function toStepInputs(steps: readonly EditableStep[]): WorkflowStepInput[] {
  return steps.map((step) => {
    const minutes = step.estimated_minutes.trim();
    return {
      title: step.title.trim(),
      description: step.description.trim() || null,
      owner_role: step.owner_role.trim() || null,
      estimated_minutes: minutes === '' ? null : Number(minutes),
      checks: step.checks
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
  });
}

export function stepAnchor(order: number): string {
  return `workflow-step-${order}`;
}

/** The steps as an editable ordered list: edit, add, remove, move up/down (buttons, keyboard). */
export function WorkflowStepsEditor({
  steps,
  onChange,
}: {
  steps: readonly EditableStep[];
  onChange: (steps: EditableStep[]) => void;
}) {
  const update = (index: number, patch: Partial<EditableStep>) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
    // Keep the focus on the moved step's same button.
    requestAnimationFrame(() =>
      document.getElementById(`${moved?.key}-${by < 0 ? 'up' : 'down'}`)?.focus({ preventScroll: false }),
    );
  };
  return (
    <div className="grid gap-3">
      <ol className="grid gap-3">
        {steps.map((step, index) => (
          <li
            key={step.key}
            id={stepAnchor(index + 1)}
            tabIndex={-1}
            className="grid gap-3 rounded-lg border bg-card p-3 focus:outline-2 focus:outline-ring"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold text-sm">手順 {index + 1}</h3>
              <div className="flex gap-1">
                <IconButton
                  id={`${step.key}-up`}
                  label={`手順 ${index + 1} を上へ`}
                  variant="ghost"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </IconButton>
                <IconButton
                  id={`${step.key}-down`}
                  label={`手順 ${index + 1} を下へ`}
                  variant="ghost"
                  size="sm"
                  disabled={index === steps.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`手順 ${index + 1} を削除`}
                  variant="ghost"
                  size="sm"
                  disabled={steps.length === 1}
                  onClick={() => onChange(steps.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_8rem]">
              <TextField
                label="手順の名前"
                required
                maxLength={100}
                value={step.title}
                onChange={(event) => update(index, { title: event.target.value })}
              />
              <TextField
                label="担当の役割"
                maxLength={50}
                value={step.owner_role}
                onChange={(event) => update(index, { owner_role: event.target.value })}
              />
              <TextField
                label="所要時間（分）"
                type="number"
                inputMode="numeric"
                min={0}
                max={10080}
                value={step.estimated_minutes}
                onChange={(event) => update(index, { estimated_minutes: event.target.value })}
              />
            </div>
            <Textarea
              label="確認事項（1 行に 1 つ）"
              rows={2}
              value={step.checks}
              onChange={(event) => update(index, { checks: event.target.value })}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button type="button" variant="outline" onClick={() => onChange([...steps, emptyStep()])}>
          <Plus aria-hidden="true" />
          手順を追加
        </Button>
      </div>
    </div>
  );
}
