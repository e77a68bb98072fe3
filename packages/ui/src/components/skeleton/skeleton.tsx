import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type SkeletonProps = ComponentProps<'div'> & {
  /** Corners: `md` for text and boxes, `full` for an avatar or a pill. */
  rounded?: 'md' | 'full';
};

const roundedClasses = { md: 'rounded-md', full: 'rounded-full' } as const;

/**
 * A grey placeholder while content loads. Hidden from assistive technology: announce the loading
 * state elsewhere (e.g. aria-busy on the region, or a `Spinner`).
 */
export function Skeleton({ className, rounded = 'md', ...props }: SkeletonProps) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      {...props}
      className={cn('animate-pulse bg-secondary', roundedClasses[rounded], className)}
    />
  );
}
