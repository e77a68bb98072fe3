import type { ComponentProps } from 'react';
import { emptyValueMessages } from '../../i18n/groups/empty-value';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type EmptyValueProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** What a screen reader hears in place of the dash (e.g. 未使用, 在庫管理なし); defaults to 未入力. */
  label?: string;
};

/**
 * A table cell or field with no value: a dash for the eye, and a word for the screen reader,
 * which would otherwise read the dash as 「ダッシュ」 or skip the cell without saying why.
 */
export function EmptyValue({ label, className, ...props }: EmptyValueProps) {
  const messages = useMessageGroups({ emptyValue: emptyValueMessages });
  return (
    <span data-slot="empty-value" {...props} className={cn('text-muted-foreground', className)}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label ?? messages.emptyValue.label}</span>
    </span>
  );
}
