import { Alert, type ConfirmDialogProps } from '@tsumiki/ui';
import { lazy, Suspense, useState } from 'react';

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog-module').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * ui's ConfirmDialog, loaded the first time it opens, so that a list screen's route chunk does not
 * carry Radix's dialog for a deletion most visits never make. Controlled only (`open`).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps & { open: boolean }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

export type DeletionDialogProps = Omit<ConfirmDialogProps, 'onConfirm' | 'children' | 'open'> & {
  open: boolean;
  /** Deletes; a rejection keeps the dialog open with the error's (Japanese) message in it. */
  onDelete: () => Promise<unknown>;
};

/** 「削除する」 with the server's refusal (e.g. FLD_002, what a folder holds) shown in the dialog. */
export function DeletionDialog({ onDelete, onOpenChange, ...props }: DeletionDialogProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <LazyConfirmDialog
      confirmLabel="削除する"
      destructive
      {...props}
      onOpenChange={(open) => {
        if (open) setError(null);
        onOpenChange?.(open);
      }}
      onConfirm={async () => {
        setError(null);
        try {
          await onDelete();
        } catch (caught) {
          setError(caught instanceof Error ? caught.message : '削除できませんでした。');
          throw caught;
        }
      }}
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
    </LazyConfirmDialog>
  );
}
