import { Button, DialogFooter } from '@tsumiki/ui';

export interface FormFooterProps {
  /** 'create' labels the submit button 登録する, 'edit' 保存する. */
  kind: 'create' | 'edit';
  /** While a save runs: the submit button shows it is loading and キャンセル is disabled. */
  saving: boolean;
  onCancel: () => void;
}

/**
 * The buttons of an editor dialog's form (キャンセル and 登録する／保存する), kept in view at
 * the bottom of the dialog while the form scrolls. Goes inside the <form>: the second is its submit.
 */
export function FormFooter({ kind, saving, onCancel }: FormFooterProps) {
  return (
    <DialogFooter
      stack={false}
      className="sticky -bottom-4 z-10 -mx-4 -mb-4 justify-end border-t bg-surface px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6"
    >
      <Button
        type="button"
        variant="outline"
        className="grow basis-0 sm:flex-none"
        onClick={onCancel}
        disabled={saving}
      >
        キャンセル
      </Button>
      <Button type="submit" className="grow basis-0 sm:flex-none" loading={saving}>
        {kind === 'create' ? '登録する' : '保存する'}
      </Button>
    </DialogFooter>
  );
}
