import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

const HINT_GAP = 6;
const VIEWPORT_MARGIN = 4;

/** The reason under its button (above it when there is no room below), kept in the viewport. */
export function ReasonHint({ anchor, children }: { anchor: HTMLElement; children: ReactNode }) {
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
