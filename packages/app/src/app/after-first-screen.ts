import { startTransition, useEffect, useState } from 'react';
import { firstScreenShown } from '../shell/static-shell';

/** Should the first screen never show (a crash before the router renders), the work starts anyway. */
const FIRST_SCREEN_TIMEOUT_MS = 10_000;
/** Longest wait for an idle moment once the first screen is shown. */
const IDLE_TIMEOUT_MS = 2_000;

let ready = false;
let waiting: Promise<void> | null = null;

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });
}

/**
 * Resolves at the first idle moment after the app has shown its first screen: for what the first
 * screen does not need (the service worker and its update check, the screen lock's watchers), so that it neither delays that screen nor lengthens the tasks that render it.
 * The page's `load` event is not that moment: it fires once the entry has arrived, while the
 * route's chunks and data are still on their way.
 */
export function afterFirstScreen(): Promise<void> {
  waiting ??= Promise.race([
    firstScreenShown,
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_TIMEOUT_MS)),
  ])
    .then(idle)
    .then(() => {
      ready = true;
    });
  // Each caller in an idle moment of its own: what one starts (a chunk to fetch and evaluate, a
  // render and its effects) is a task of its own, not added to the others' in one long task.
  return ready ? waiting : waiting.then(idle);
}

/** False until `afterFirstScreen()` has resolved, then true (from the start once it has). */
export function useAfterFirstScreen(): boolean {
  const [done, setDone] = useState(ready);
  useEffect(() => {
    if (done) return;
    let active = true;
    // As a transition: what it mounts (lazy parts, their queries) renders in slices that yield to
    // the browser, not in one task while the user may already be typing.
    void afterFirstScreen().then(() => {
      if (active) startTransition(() => setDone(true));
    });
    return () => {
      active = false;
    };
  }, [done]);
  return done;
}
