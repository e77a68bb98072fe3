import { useEffect, useRef, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { appRoutes } from '../app/paths';
import { useStaticShellHandover } from './static-shell';

export const BRAND = '積み木';

/** How long a new screen may take to show its heading (a lazy chunk, the session) before we give up. */
const HEADING_WAIT_MS = 5000;

/** The screen's title from paths.ts for a pathname, or null for an address without a screen. */
export function routeTitle(pathname: string): string | null {
  for (const route of Object.values(appRoutes)) {
    if (matchPath({ path: route.path, end: true }, pathname)) return route.title;
  }
  return null;
}

/** 「顧客管理 | 積み木」, or the brand alone for an address without a screen. */
export function documentTitle(pathname: string): string {
  const title = routeTitle(pathname);
  return title ? `${title} | ${BRAND}` : BRAND;
}

/**
 * Calls `onFound` with the screen's heading (the first <h1>) as soon as it is in the document:
 * a screen may first show a spinner while its chunk or the session loads. Returns a cancel function.
 */
export function whenHeadingAppears(
  onFound: (heading: HTMLElement) => void,
  timeoutMs: number = HEADING_WAIT_MS,
  onTimeout?: () => void,
): () => void {
  const find = () => document.querySelector<HTMLElement>('h1');
  const now = find();
  if (now) {
    onFound(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const heading = find();
    if (!heading) return;
    stop();
    onFound(heading);
  });
  const timer = setTimeout(() => {
    stop();
    onTimeout?.();
  }, timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Moves focus to a heading without scrolling past it and without a focus ring on a non-control. */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.style.outlineStyle = 'none';
  heading.focus({ preventScroll: false });
}

/**
 * One mechanism for every route (SPEC section 2 screens; titles from paths.ts only): each screen
 * sets document.title to 「<title> | 積み木」, and a change of screen moves focus to its <h1>, which
 * screen readers then read out. The first load does not move focus, and neither does a redirect
 * before the user has done anything (e.g. / → /login). Only the pathname counts: a search or a
 * page number written to the URL keeps focus where the user is typing.
 */
export function useRouteFocus(): string {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const interacted = useRef(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener('pointerdown', mark, { capture: true, once: true });
    window.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerdown', mark, { capture: true });
      window.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    document.title = documentTitle(pathname);
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed || !interacted.current) return;
    setAnnouncement('');
    const title = routeTitle(pathname) ?? BRAND;
    // Without a heading (it never came), a live region says where the user now is.
    return whenHeadingAppears(focusHeading, HEADING_WAIT_MS, () => setAnnouncement(`${title}を表示しました`));
  }, [pathname]);

  return announcement;
}

/** The root route: the routed screen, with its title and focus handling and the fallback announcer. */
export function RootRoute() {
  const announcement = useRouteFocus();
  useStaticShellHandover();
  return (
    <>
      <Outlet />
      <div
        data-slot="route-announcer"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="sr-only"
      >
        {announcement}
      </div>
    </>
  );
}
