import type { ComponentProps, ReactNode } from 'react';
import { layoutMessages } from '../../i18n/groups/layout';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type AppLayoutProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Usually an `AppSidebar` (fixed 240px column from md, drawer below). */
  sidebar: ReactNode;
  /** Usually a `TopBar`. */
  topBar: ReactNode;
  children: ReactNode;
};

/** The signed-in page frame: skip link, sidebar, top bar and `<main id="main-content">`. */
export function AppLayout({ sidebar, topBar, children, className, ...props }: AppLayoutProps) {
  const messages = useMessageGroups({ layout: layoutMessages });
  return (
    <div
      data-slot="app-layout"
      {...props}
      className={cn('min-h-dvh bg-background text-foreground', className)}
    >
      <a
        data-slot="app-layout-skip-link"
        href="#main-content"
        className={cn(
          'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]',
          'focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg',
        )}
      >
        {messages.layout.skipToContent}
      </a>
      {sidebar}
      <div data-slot="app-layout-body" className="flex min-h-dvh min-w-0 flex-col md:pl-sidebar">
        {topBar}
        <main
          id="main-content"
          tabIndex={-1}
          data-slot="app-layout-main"
          className="min-w-0 flex-1 px-4 py-5 outline-none sm:px-6 md:py-6"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
