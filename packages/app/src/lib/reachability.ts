/**
 * Whether the server could be reached, as the app's own requests found: a request that got no
 * answer at all (the fetch rejected: no route, DNS, a dropped connection) makes it unreachable,
 * any answer — whatever its status — makes it reachable again.
 *
 * `navigator.onLine` alone is not enough: it only says whether the device has a network. A clinic
 * whose router is up but whose line is down ("connected, no internet"), a captive portal or a
 * server that cannot be reached all leave it true while every request fails. The offline gate
 * (updates/offline-gate.tsx) takes both.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function update(value: boolean) {
  if (value === unreachable) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

export function serverUnreachable(): boolean {
  return unreachable;
}

/** Offline: the device has no network, or it has one and the server still cannot be reached. */
export function isOffline(): boolean {
  return !navigator.onLine || unreachable;
}

/**
 * Forgets what earlier requests found, for a screen that starts afresh in the same page (the
 * Storybook stories' loaders: a story whose requests failed on the network comes before others).
 */
export function forgetUnreachable(): void {
  update(false);
}

/** Calls `onChange` whenever the device's network or the server's reachability changes. */
export function subscribeConnection(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * `fetch`, noting whether the server answered. A request the app cancelled itself (an abort), or
 * one made while the device has no network, is not counted.
 */
export function fetchNotingReachability(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return globalThis.fetch(input, init).then(
    (response) => {
      update(false);
      return response;
    },
    (error: unknown) => {
      // Without a network the device is offline, which says nothing about the server (and would
      // be remembered after the network returns); an abort (an AbortError, whatever the signal
      // was attached to) says nothing either.
      if (navigator.onLine && (error as Error | null)?.name !== 'AbortError') update(true);
      throw error;
    },
  );
}
