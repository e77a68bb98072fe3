// What the page and the service worker (sw.ts) share.

/** The script the build writes at the root of dist/ (scope `/`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Navigations the service worker never answers: the API and the auth service (network only). */
export const NETWORK_ONLY_PATHS: RegExp[] = [/^\/api(?:\/|$)/, /^\/auth\/v1(?:\/|$)/];

const SKIP_WAITING = 'SKIP_WAITING';

/** Posted to the waiting worker when the user accepts the update. */
export const skipWaitingMessage = { type: SKIP_WAITING } as const;

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}
