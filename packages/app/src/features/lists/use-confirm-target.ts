import { useState } from 'react';

export interface ConfirmTarget<T> {
  /** The row the confirmation is about; null while it is closed. */
  target: T | null;
  /** Why the last try failed, shown in the dialog (which stays open for another). */
  error: string | null;
  /** Opens the confirmation for `target`, without the previous error. */
  ask: (target: T) => void;
  /** ConfirmDialog's `open`, `onOpenChange` and `onConfirm`. */
  dialogProps: {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onConfirm: () => Promise<void>;
  };
}

/**
 * A row action confirmed in a dialog (削除, 無効にする, 取り消し): `run` does it; when it throws,
 * `errorMessage` says why in the dialog and the dialog stays open.
 */
export function useConfirmTarget<T>(
  run: (target: T) => Promise<void>,
  errorMessage: (error: unknown) => string,
): ConfirmTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    target,
    error,
    ask: (next) => {
      setError(null);
      setTarget(next);
    },
    dialogProps: {
      open: target !== null,
      onOpenChange: (open) => {
        if (!open) setTarget(null);
      },
      onConfirm: async () => {
        if (target === null) return;
        setError(null);
        try {
          await run(target);
        } catch (caught) {
          setError(errorMessage(caught));
          throw caught;
        }
      },
    },
  };
}

/** The message of a thrown Error, or `fallback` for anything else. */
export function errorMessageOr(fallback: string): (error: unknown) => string {
  return (error) => (error instanceof Error ? error.message : fallback);
}
