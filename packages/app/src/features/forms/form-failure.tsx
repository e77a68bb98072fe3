import type { ValidationErrorEntry } from '@tsumiki/api-client';
import { Alert } from '@tsumiki/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { fieldLabel } from '../customers/customer-contract';

/**
 * Why a save failed, above the form's buttons; nothing while `message` is empty. Takes the focus
 * each time a new message appears, so that a screen reader reads it and the keyboard is there.
 */
export function FormFailure({ message }: { message: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);

  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert variant="error" title="保存できませんでした">
        {message}
      </Alert>
    </div>
  );
}

/** Server validation errors the form has no field for, each with the label of what it is about. */
export function ValidationErrorList({ entries }: { entries: readonly ValidationErrorEntry[] }) {
  return (
    <ul className="list-none">
      {entries.map((entry) => (
        <li key={`${entry.field}:${entry.message}`}>
          {fieldLabel(entry.field.split('.')[0] ?? '')}: {entry.message}
        </li>
      ))}
    </ul>
  );
}
