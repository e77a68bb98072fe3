import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../button/button';
import type { SidebarPanelProps } from './sidebar-panel';
import { SidebarPanel } from './sidebar-panel';

export type AppSidebarDrawerProps = Omit<SidebarPanelProps, 'onNavigate' | 'headerAction'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The sidebar below md: a temporary drawer (a modal Radix dialog). AppSidebar loads this module
 * the first time the drawer opens, so that a wide screen's first paint does without the dialog.
 */
export function AppSidebarDrawer({ open, onOpenChange, ...panel }: AppSidebarDrawerProps) {
  // The drawer is opened from outside (the top bar's menu button), not by a Radix Trigger, so
  // Radix does not know where focus came from: remember it and go back there on close.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const { messages } = panel;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-slot="app-sidebar-overlay"
          className="fixed inset-0 z-40 bg-overlay motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in md:hidden"
        />
        <Dialog.Content
          data-slot="app-sidebar-drawer"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusRef.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            returnFocusRef.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-sidebar max-w-[calc(100vw-3rem)] flex-col bg-sidebar text-sidebar-foreground shadow-lg outline-none',
            'motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in md:hidden',
          )}
        >
          <Dialog.Title className="sr-only">{messages.sidebar.drawerTitle}</Dialog.Title>
          <SidebarPanel
            {...panel}
            onNavigate={() => onOpenChange(false)}
            headerAction={
              // First in the tab order, so it is also where Radix puts focus on open.
              <Dialog.Close
                data-slot="app-sidebar-close"
                aria-label={messages.sidebar.close}
                className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), '-mr-2 ml-auto')}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
