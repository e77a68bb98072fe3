import type { ReactNode } from 'react';

/**
 * A titled group of an editor form's fields: two columns from `sm` up, and `wide` (a long text
 * field) across the whole width below them.
 */
export function FormSection({
  legend,
  children,
  wide,
}: {
  legend: string;
  children: ReactNode;
  wide?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">{legend}</legend>
      <div className="grid items-start gap-3 sm:grid-cols-2">{children}</div>
      {wide}
    </fieldset>
  );
}
