import type { Messages } from '../../i18n/messages';
import { cn } from '../../lib/cn';
import { Checkbox } from '../checkbox/checkbox';

type MatrixText = Messages['permissionMatrix'];

/** A cell with no such permission: 「—」, read as 対象外. */
export function NotApplicableCell({ text }: { text: MatrixText }) {
  return (
    <td
      data-state="not-applicable"
      className="border-b border-border bg-muted/60 px-3 py-2 text-center text-muted-foreground group-last:border-b-0"
    >
      <span aria-hidden="true">—</span>
      <span className="sr-only">{text.notApplicable}</span>
    </td>
  );
}

type PermissionCellProps = {
  label: string;
  granted: boolean;
  /** The state differs from the defaults: a dot, and the words for screen readers. */
  differs: boolean;
  /** A checkbox; otherwise ✓ / －. */
  editable: boolean;
  locked: boolean;
  differsId: string;
  onToggle: (checked: boolean) => void;
  text: MatrixText;
};

export function PermissionCell({
  label,
  granted,
  differs,
  editable,
  locked,
  differsId,
  onToggle,
  text,
}: PermissionCellProps) {
  return (
    <td
      data-state={granted ? 'granted' : 'denied'}
      data-differs={differs || undefined}
      className="border-b border-border px-3 py-2 text-center group-last:border-b-0"
    >
      <span className="relative inline-flex items-center justify-center gap-1">
        {editable ? (
          <Checkbox
            checked={granted}
            aria-label={label}
            aria-disabled={locked || undefined}
            aria-describedby={differs ? differsId : undefined}
            onCheckedChange={(checked) => onToggle(checked === true)}
            className={cn(
              // 24 px touch target around the 18 px box.
              'after:absolute after:-inset-1.5',
              locked && 'cursor-not-allowed opacity-50',
            )}
          />
        ) : (
          <>
            <span
              aria-hidden="true"
              className={cn('font-bold', granted ? 'text-success' : 'text-muted-foreground')}
            >
              {granted ? '✓' : '－'}
            </span>
            <span className="sr-only">{granted ? text.granted : text.denied}</span>
          </>
        )}
        {differs && (
          <span
            data-slot="permission-matrix-differs"
            aria-hidden="true"
            className="absolute -top-1 -right-2.5 size-2 rounded-full bg-warning"
          />
        )}
        {differs && !editable && <span className="sr-only">（{text.differsFromDefault}）</span>}
      </span>
    </td>
  );
}
