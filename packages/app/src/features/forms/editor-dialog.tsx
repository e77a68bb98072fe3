import {
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@tsumiki/ui';
import { type ReactNode, useState } from 'react';

/** What an editor dialog hands the form inside it. */
export interface EditorFormProps {
  /** Tells the dialog whether the form holds input that is not saved (a stable function). */
  onDirtyChange: (dirty: boolean) => void;
  /** キャンセル: closes the dialog, asking first when there is unsaved input. */
  onCancel: () => void;
  /** Closes the dialog without asking, once the input is saved. */
  onSaved: () => void;
}

export interface EditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The dialog's data-testid. */
  testId: string;
  /** The element id of the field that takes the focus when the dialog opens. */
  initialFocusId: string;
  /** The form, rendered only while the dialog is open, so that each opening starts afresh. */
  children: (form: EditorFormProps) => ReactNode;
}

/**
 * A dialog that creates or edits one record with a form. Closing it (Esc, the close button,
 * outside, キャンセル) while the form has unsaved input asks 「入力した内容を破棄しますか？」 first.
 */
export function EditorDialog({
  open,
  onOpenChange,
  title,
  description,
  testId,
  initialFocusId,
  children,
}: EditorDialogProps) {
  const [dirty, setDirty] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const requestClose = () => {
    if (dirty) setConfirmDiscard(true);
    else onOpenChange(false);
  };
  const close = () => {
    setDirty(false);
    onOpenChange(false);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) onOpenChange(true);
          else requestClose();
        }}
      >
        <DialogContent
          size="lg"
          spacing={null}
          className="gap-5 p-4 sm:p-6"
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            // Focus the first field without selecting it (Radix would select the text, and a
            // keystroke would replace it).
            event.preventDefault();
            document.getElementById(initialFocusId)?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {open && children({ onDirtyChange: setDirty, onCancel: requestClose, onSaved: close })}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="入力した内容を破棄しますか？"
        description="保存していない入力は失われます。"
        confirmLabel="破棄して閉じる"
        cancelLabel="入力を続ける"
        destructive
        onConfirm={close}
      />
    </>
  );
}
