import { fetchNotingReachability, isOffline } from '../lib/reachability';

/**
 * How often the server is asked whether it is back while the network is up but the server was not
 * reached (no `online` event will say so then).
 */
export const SERVER_PROBE_MS = 5000;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the server whether it is there (GET /api/health, never cached); what it finds is noted. */
export async function probeServer(): Promise<void> {
  await fetchNotingReachability('/api/health', { cache: 'no-store' }).catch(() => undefined);
}

/**
 * Until the server is reached (or `stopped`): asks it every 5 s while the device has a network.
 * While the device has none it only waits, and asks again once the network is back: coming back
 * online with the server still unreachable changes nothing the offline shell listens to, so the
 * asking must not end when the network goes.
 */
export async function waitForServer(stopped: () => boolean): Promise<void> {
  while (!stopped() && isOffline()) {
    await pause(SERVER_PROBE_MS);
    if (!stopped() && navigator.onLine) await probeServer();
  }
}
