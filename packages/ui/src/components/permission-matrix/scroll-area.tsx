import type { ReactNode } from 'react';

export function ScrollArea({
  focusable,
  label,
  children,
}: {
  focusable: boolean;
  label: string;
  children: ReactNode;
}) {
  const className =
    'relative min-w-0 overflow-x-auto rounded-md border border-border bg-surface outline-none focus-visible:ring-2 focus-visible:ring-ring';
  if (!focusable) return <div className={className}>{children}</div>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={className}>
      {children}
    </section>
  );
}
