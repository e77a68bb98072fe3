import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A short "why this is locked" note with a lock icon (PermissionMatrix, SettingSwitch). */
export function LockedNote({
  id,
  slot,
  boxed = false,
  children,
}: {
  id: string;
  slot: string;
  /** On a muted box (above a table) rather than plain small text (under a label). */
  boxed?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      data-slot={slot}
      className={cn(
        'flex items-start text-muted-foreground',
        boxed ? 'gap-2 rounded-md bg-muted px-3 py-2 text-sm' : 'gap-1.5 text-xs',
      )}
    >
      <Lock aria-hidden="true" className={cn('mt-0.5 shrink-0', boxed ? 'size-4' : 'size-3.5')} />
      <span>{children}</span>
    </p>
  );
}
