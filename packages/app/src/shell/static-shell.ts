import { useLayoutEffect } from 'react';

/**
 * index.html paints a static copy of the signed-in frame (`#boot-shell`: sidebar, top bar and the
 * dashboard's heading, with placeholders where the user's data goes) before any module runs, when
 * public/boot.js finds a stored session on a visit to /. It sets `data-boot="shell"` on <html>,
 * which shows the copy and hides #root. The app takes over in one frame as soon as it shows
 * anything other than its full-page spinner: the copy stands in for that spinner, which would
 * otherwise blank the screen between the first paint and the dashboard.
 */
export const STATIC_SHELL_ID = 'boot-shell';

/** Full-page spinners on screen now (each holds the copy while it shows). */
let spinners = 0;
/** The router has rendered its routes (or its error screen): the app has something to show. */
let appRendered = false;

/** Removes the copy and shows the app. Safe to call from anywhere and more than once. */
export function releaseStaticShell(): void {
  if (typeof document === 'undefined') return;
  const { dataset } = document.documentElement;
  if (dataset.boot === 'shell') delete dataset.boot;
  document.getElementById(STATIC_SHELL_ID)?.remove();
}

let markShown: () => void = () => undefined;
/**
 * Settles once the app shows its first screen (the routes rendered, no full-page spinner left):
 * the moment work that the first screen does not need may start (app/after-first-screen.ts).
 */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

function releaseWhenShown(): void {
  if (!appRendered || spinners > 0) return;
  releaseStaticShell();
  markShown();
}

/** For the full-page spinner: the copy stays on screen while the spinner would show. */
export function useHoldStaticShell(): void {
  useLayoutEffect(() => {
    spinners += 1;
    return () => {
      spinners -= 1;
      releaseWhenShown();
    };
  }, []);
}

/**
 * For the router's root (and its error screen): the app shows its routes now, so the copy goes,
 * unless a full-page spinner is all that a route shows yet (the session still loading); then it
 * goes when that spinner does. Layout effects run before the browser paints: no frame shows
 * both, or neither.
 */
export function useStaticShellHandover(): void {
  useLayoutEffect(() => {
    appRendered = true;
    releaseWhenShown();
  }, []);
}
