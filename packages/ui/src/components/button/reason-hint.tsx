import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

const HINT_GAP = 6;
const VIEWPORT_MARGIN = 4;

/**
 * The reason of a locked button, shown while the button is hovered or focused (Escape hides it):
 * under the button, or above it when there is no room below, kept in the viewport. A native
 * popover: in the top layer, above dialogs, never clipped by a scrolling table.
 */
export function ReasonHint({ anchor, children }: { anchor: HTMLElement; children: ReactNode }) {
  // Mounted by the hover or focus that first reached the button: open from the start.
  const [open, setOpen] = useState(true);
  useEffect(() => {
    let focused = anchor === document.activeElement;
    let hovered = !focused || anchor.matches(':hover');
    const listeners: Array<[string, (event: Event) => void]> = [
      ['pointerenter', () => (hovered = true)],
      ['pointerleave', () => (hovered = false)],
      ['focus', () => (focused = true)],
      ['blur', () => (focused = false)],
    ].map(([type, track]) => [
      type as string,
      () => {
        (track as () => void)();
        setOpen(hovered || focused);
      },
    ]);
    listeners.push(['keydown', (event) => (event as KeyboardEvent).key === 'Escape' && setOpen(false)]);
    for (const [type, listener] of listeners) anchor.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) anchor.removeEventListener(type, listener);
    };
  }, [anchor]);
  return open ? <PlacedHint anchor={anchor}>{children}</PlacedHint> : null;
}

function PlacedHint({ anchor, children }: { anchor: HTMLElement; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const hint = ref.current;
    if (!hint) return;
    // Browsers without popovers show it as a fixed element, which is as good.
    if (typeof hint.showPopover === 'function' && !hint.matches(':popover-open')) hint.showPopover();
    const place = () => {
      const target = anchor.getBoundingClientRect();
      const box = hint.getBoundingClientRect();
      let top = target.bottom + HINT_GAP;
      if (
        top + box.height > window.innerHeight - VIEWPORT_MARGIN &&
        target.top - HINT_GAP - box.height >= 0
      ) {
        top = target.top - HINT_GAP - box.height;
      }
      const centred = target.left + target.width / 2 - box.width / 2;
      const left = Math.max(
        VIEWPORT_MARGIN,
        Math.min(centred, window.innerWidth - box.width - VIEWPORT_MARGIN),
      );
      hint.style.top = `${top}px`;
      hint.style.left = `${left}px`;
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [anchor]);
  return (
    // For the eye only: the button reads the reason through its own aria-describedby.
    <span
      ref={ref}
      popover="manual"
      aria-hidden="true"
      data-slot="tooltip-content"
      className={cn(
        'fixed inset-auto z-50 m-0 max-w-xs rounded-md border-0 bg-foreground px-2.5 py-1.5',
        'text-xs leading-normal text-background shadow-md motion-safe:animate-fade-in',
      )}
    >
      {children}
    </span>
  );
}
