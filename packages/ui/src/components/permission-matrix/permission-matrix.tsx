import { useId } from 'react';
import { permissionMatrixMessages } from '../../i18n/groups/permission-matrix';
import { useMessageGroups } from '../../i18n/messages-provider';
import { LockedNote } from '../../internal/locked-note';
import { cn } from '../../lib/cn';
import { matrixState } from './matrix-state';
import { NotApplicableCell, PermissionCell } from './permission-cell';
import { ScrollArea } from './scroll-area';

export type PermissionMatrixResource = { key: string; label: string; description?: string };
export type PermissionMatrixAction = { key: string; label: string };

export type PermissionMatrixProps = {
  /** The table's caption (visible, or read only with `captionHidden`). */
  caption: string;
  captionHidden?: boolean;
  /** The rows. */
  resources: readonly PermissionMatrixResource[];
  /** The columns. */
  actions: readonly PermissionMatrixAction[];
  /** The `${resource}.${action}` cells that exist; the others show 「—」 and no control. */
  available: readonly string[];
  /** The granted `${resource}.${action}` cells. */
  value: readonly string[];
  /** The defaults (e.g. of a role): a cell whose state differs from them is marked. */
  defaults?: readonly string[];
  /** Called with the new granted list. Without it the matrix is read-only (✓ / －). */
  onChange?: (next: string[]) => void;
  /** Shows the checkboxes but locks them, with this reason above the table. */
  disabledReason?: string;
  className?: string;
};

export function permissionKey(resource: string, action: string): string {
  return `${resource}.${action}`;
}

/**
 * A table of permissions: resources in rows, actions in columns, a checkbox (or ✓ / － when
 * read-only) in each cell that exists. Below 900 px it scrolls sideways with the row names sticky.
 */
export function PermissionMatrix({
  caption,
  captionHidden = false,
  resources,
  actions,
  available,
  value,
  defaults,
  onChange,
  disabledReason,
  className,
}: PermissionMatrixProps) {
  const messages = useMessageGroups({ permissionMatrix: permissionMatrixMessages });
  const m = messages.permissionMatrix;
  const id = useId();
  const reasonId = `${id}-reason`;
  const differsId = `${id}-differs`;
  const { availableSet, granted, defaultSet, editable, locked, hasDifference, toggle } = matrixState({
    available,
    value,
    defaults,
    onChange,
    disabledReason,
  });

  return (
    <div data-slot="permission-matrix" className={cn('grid min-w-0 gap-2', className)}>
      {!captionHidden && (
        // The visible title sits outside the scrolling box so that it does not scroll away; the
        // table's own caption (read by screen readers) says the same.
        <p
          aria-hidden="true"
          data-slot="permission-matrix-caption"
          className="text-sm font-medium text-foreground"
        >
          {caption}
        </p>
      )}
      {locked && (
        <LockedNote id={reasonId} slot="permission-matrix-reason" boxed>
          {disabledReason}
        </LockedNote>
      )}
      {/* Scrolls sideways on narrow screens. Read-only it has nothing focusable inside, so it is a
          labelled, focusable region itself (keyboard users can scroll it). */}
      <ScrollArea focusable={!editable} label={caption}>
        <table
          aria-describedby={locked ? reasonId : undefined}
          className="w-full border-separate border-spacing-0 text-sm"
        >
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 border-r border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap text-muted-foreground"
              >
                {m.resourceHeader}
              </th>
              {actions.map((action) => (
                <th
                  key={action.key}
                  scope="col"
                  className="border-b border-border bg-muted px-3 py-2 text-center font-medium whitespace-nowrap text-muted-foreground"
                >
                  {action.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {resources.map((resource) => (
              <tr key={resource.key} className="group">
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-[12rem] border-r border-b border-border bg-surface px-3 py-2 text-left align-top font-normal group-last:border-b-0"
                >
                  <span className="block font-medium text-foreground">{resource.label}</span>
                  {resource.description && (
                    <span className="block text-xs text-muted-foreground">{resource.description}</span>
                  )}
                </th>
                {actions.map((action) => {
                  const key = permissionKey(resource.key, action.key);
                  if (!availableSet.has(key)) return <NotApplicableCell key={action.key} text={m} />;
                  const isGranted = granted.has(key);
                  return (
                    <PermissionCell
                      key={action.key}
                      label={m.cellLabel(resource.label, action.label)}
                      granted={isGranted}
                      differs={defaultSet !== undefined && isGranted !== defaultSet.has(key)}
                      editable={editable}
                      locked={locked}
                      differsId={differsId}
                      onToggle={(checked) => toggle(key, checked)}
                      text={m}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      {defaultSet !== undefined && (
        <span id={differsId} hidden>
          {m.differsFromDefault}
        </span>
      )}
      {hasDifference && (
        <p
          data-slot="permission-matrix-legend"
          className="flex items-center gap-2 text-xs text-muted-foreground"
        >
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-warning" />
          {m.differsLegend}
        </p>
      )}
    </div>
  );
}
