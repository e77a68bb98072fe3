import type { ComponentProps, ReactNode } from 'react';
import { sidebarMessages } from '../../i18n/groups/sidebar';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type TsumikiMarkProps = ComponentProps<'svg'> & {
  /** `sm` 1.5rem, `md` 2rem (next to the name), `lg` 3rem. */
  size?: 'sm' | 'md' | 'lg';
};

const markSizes = { sm: 'size-6', md: 'size-8', lg: 'size-12' } as const;

/** The 積み木 mark: two blocks and a roof piece. Decorative; the brand name carries the meaning. */
export function TsumikiMark({ className, size = 'md', ...props }: TsumikiMarkProps) {
  return (
    <svg
      data-slot="tsumiki-mark"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      {...props}
      className={cn('shrink-0', markSizes[size], className)}
    >
      <rect x="3" y="17" width="12" height="12" rx="2" fill="var(--color-primary)" />
      <rect x="17" y="17" width="12" height="12" rx="2" fill="var(--color-info)" opacity="0.85" />
      <path d="M16 3.5 28 15H4z" fill="var(--color-warning)" opacity="0.9" strokeLinejoin="round" />
    </svg>
  );
}

export type TsumikiBrandProps = ComponentProps<'div'> & {
  /** Small line under the name; defaults to 業務管理, `null` hides it. */
  tagline?: ReactNode;
};

/** The product's brand: mark, 「Tsumiki」 and a small tagline. */
export function TsumikiBrand({ className, tagline, ...props }: TsumikiBrandProps) {
  const messages = useMessageGroups({ sidebar: sidebarMessages });
  const shownTagline = tagline === undefined ? messages.sidebar.brandTagline : tagline;
  return (
    <div data-slot="tsumiki-brand" {...props} className={cn('flex items-center gap-2.5', className)}>
      <TsumikiMark />
      <div className="flex flex-col leading-tight">
        <span data-slot="tsumiki-brand-name" className="text-lg font-bold tracking-wide text-foreground">
          Tsumiki
        </span>
        {shownTagline !== null && (
          <span data-slot="tsumiki-brand-tagline" className="text-[0.6875rem] text-muted-foreground">
            {shownTagline}
          </span>
        )}
      </div>
    </div>
  );
}
