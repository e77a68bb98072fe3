import { type SyntheticEvent, useRef } from 'react';

type FocusHandlers = {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/**
 * Radix returns focus to its Trigger on close; a dialog opened from elsewhere (controlled, no
 * Trigger: an error modal, a drawer opened by the top bar) would leave focus on <body>. Remember
 * what had focus when it opened and go back there.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: FocusHandlers) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event | SyntheticEvent) => {
      onCloseAutoFocus?.(event as Event);
      if (event.defaultPrevented) return;
      const target = returnTo.current;
      returnTo.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
