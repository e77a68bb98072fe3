import { type ReactNode, useState } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { useMessageGroups } from '../../i18n/messages-provider';
import { Button } from '../button/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../dialog/dialog';

export type ConfirmDialogProps = {
  /** The question, e.g. 顧客を削除しますか？ */
  title: ReactNode;
  /** What will happen, e.g. この操作は取り消せません。 */
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for irreversible actions. */
  destructive?: boolean;
  /**
   * Runs on confirm. When it returns a promise the button shows 処理中 until it settles; the dialog
   * closes when it resolves and stays open (for another try) when it rejects.
   */
  onConfirm: () => unknown;
  onCancel?: () => void;
  /** Element that opens the dialog (rendered with `asChild`). */
  trigger?: ReactNode;
  /** Controlled open state (without a trigger). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
};

/** A yes/no question before an action, with focus on the safe choice (cancel) first. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
  trigger,
  open: openProp,
  onOpenChange,
  children,
}: ConfirmDialogProps) {
  const messages = useMessageGroups({ common: commonMessages });
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = openProp ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      setOpen(false);
      return;
    }
    setBusy(true);
    try {
      await result;
      setOpen(false);
    } catch {
      // The caller shows the error; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) onCancel?.();
        setOpen(next);
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        data-slot="confirm-dialog"
        role="alertdialog"
        size="sm"
        showCloseButton={false}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeader reserveCloseButton={false}>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              onCancel?.();
              setOpen(false);
            }}
          >
            {cancelLabel ?? messages.common.cancel}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            loading={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel ?? messages.common.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
