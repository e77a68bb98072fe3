import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type SkeletonProps = ComponentProps<'div'>;

/**
 * A grey placeholder while content loads. Hidden from assistive technology: announce the loading
 * state elsewhere (e.g. aria-busy on the region, or a `Spinner`).
 */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      {...props}
      className={cn('animate-pulse rounded-md bg-secondary', className)}
    />
  );
}
