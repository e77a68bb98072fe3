import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type SkeletonGroupProps = ComponentProps<'div'> & {
  /** What is loading, read out by screen readers (e.g. 「ログイン中の端末を読み込んでいます」). */
  label: string;
  /** Space between the placeholders: `sm` (0.5rem), `md` (0.75rem, the default) or `lg` (1.5rem, between a page's parts). */
  gap?: 'sm' | 'md' | 'lg';
};

const gapClasses = { sm: 'gap-2', md: 'gap-3', lg: 'gap-6' } as const;

/**
 * A region that is loading: `Skeleton`s inside, marked busy, with its loading state announced once
 * (a visually hidden status). The one place the pattern lives, so every placeholder says what it
 * waits for.
 */
export function SkeletonGroup({ label, gap = 'md', className, children, ...props }: SkeletonGroupProps) {
  return (
    <div
      data-slot="skeleton-group"
      aria-busy="true"
      {...props}
      className={cn('flex flex-col', gapClasses[gap], className)}
    >
      {children}
      <span className="sr-only" role="status">
        {label}
      </span>
    </div>
  );
}
