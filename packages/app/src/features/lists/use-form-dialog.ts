import { useState } from 'react';

export interface FormDialog<M> {
  /** The form's mode (create, or edit which row) and whether it is open; null until first opened. */
  form: { open: boolean; mode: M } | null;
  show: (mode: M) => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * A list's lazy create/edit dialog: rendered from the first time it opens (its chunk loads then)
 * and kept with its last mode while it closes, so that it can animate out and return focus.
 */
export function useFormDialog<M>(): FormDialog<M> {
  const [form, setForm] = useState<{ open: boolean; mode: M } | null>(null);
  return {
    form,
    show: (mode) => setForm({ open: true, mode }),
    onOpenChange: (open) => setForm((current) => (current ? { ...current, open } : current)),
  };
}
