import { Button, Checkbox, Select } from '@tsumiki/ui';
import { Search } from 'lucide-react';
import type { AiStreamParams, AiStreamPath } from '../ai/use-ai-stream';
import { DEPTH_OPTIONS, type ResearchDepth } from './research-labels';

/** What the form asks the page to run: the operation's path, its JSON body and path id. */
export interface ResearchRequest {
  path: AiStreamPath;
  body: unknown;
  params?: AiStreamParams;
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((value) => value !== item);
}

export function Choices<T extends string>({
  legend,
  labels,
  values,
  onChange,
}: {
  legend: string;
  labels: Readonly<Record<T, string>>;
  values: readonly T[];
  onChange: (values: T[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {(Object.keys(labels) as T[]).map((value) => (
          <Checkbox
            key={value}
            label={labels[value]}
            checked={values.includes(value)}
            onCheckedChange={(checked) => onChange(toggle(values, value, checked === true))}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function DepthSelect({
  value,
  onChange,
}: {
  value: ResearchDepth;
  onChange: (value: ResearchDepth) => void;
}) {
  return (
    <Select
      label="調査の深さ"
      options={DEPTH_OPTIONS}
      placeholder={false}
      value={value}
      onChange={(event) => onChange(event.target.value as ResearchDepth)}
      className="max-w-48"
    />
  );
}

/** A form-wide message (not tied to one input), announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  ) : null;
}

export function RunButton({ running }: { running: boolean }) {
  return (
    <div>
      <Button type="submit" disabled={running}>
        <Search aria-hidden="true" />
        調査する
      </Button>
    </div>
  );
}
