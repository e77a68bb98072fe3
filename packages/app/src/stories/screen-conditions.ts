import { onlineManager } from '@tanstack/react-query';
import type { components, FeatureFlags, paths } from '@tsumiki/api-client';
import type { HttpHandler } from 'msw';
import { expect, waitFor } from 'storybook/test';
import type { FeatureKey } from '../features/feature-flags';
import { forgetUnreachable } from '../lib/reachability';
import { screenHandlers } from './handlers';
import { screenSettled } from './screen-settled';
import { type DemoPerson, tenantMe } from './session-fixture';
import { failing, failures, type HttpMethod, typedHandler } from './typed-handler';

type Read = readonly [HttpMethod, keyof paths];

type Permission = components['schemas']['Permission'];

/**
 * The conditions around a screen that are not its data: a feature the tenant switched off, a
 * person whose administrator narrowed their permissions, and the browser going offline. Each is a
 * story's `parameters` (spread into the story), answered as the server and the browser would.
 */

/** GET /api/tenant-features/my-features with one feature switched off (the tenant's setting). */
export function featureOffHandler(feature: FeatureKey): HttpHandler {
  const flags: FeatureFlags = { [`${feature}_enabled`]: false };
  return typedHandler('get', '/api/tenant-features/my-features', () => flags);
}

/**
 * The screen as the tenant sees it with `feature` switched off: the flags say so, and the reads
 * the server guards with that feature (`x-feature` in the contract) answer FEAT_001, as it does.
 */
export function featureOff(feature: FeatureKey, reads: readonly Read[] = [], who: DemoPerson = 'admin') {
  const refused = reads.map(([method, path]) => failing(method, path, failures.featureOff));
  return {
    parameters: {
      session: who,
      msw: { handlers: [featureOffHandler(feature), ...refused, ...screenHandlers(who)] },
    },
    play: screenSettled,
  };
}

/** The screen as a demo person sees it after their administrator took `permissions` away. */
export function withoutPermissions(permissions: readonly Permission[], who: DemoPerson = 'staff') {
  const me = tenantMe(who);
  const narrowed = {
    ...me,
    user: { ...me.user, permissions: me.user.permissions.filter((p) => !permissions.includes(p)) },
  };
  return {
    parameters: {
      session: who,
      msw: { handlers: [typedHandler('get', '/api/auth/tenant/me', () => narrowed), ...screenHandlers(who)] },
    },
  };
}

/**
 * What the browser says when the connection goes: `navigator.onLine` turns false and `offline` is
 * fired on window. The app's own detection (errors/network-status.tsx, updates/offline-gate.tsx)
 * reads exactly these two. `setBrowserOnline(true)` gives the browser's own answer back.
 */
export function setBrowserOnline(online: boolean): void {
  if (online) {
    delete (navigator as { onLine?: boolean }).onLine;
  } else {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  }
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/**
 * The connection goes while the screen is open: the browser's signal, then the app's offline bar
 * (errors/network-status.tsx) over the screen it had loaded.
 */
export async function goOffline({ canvasElement }: { canvasElement: HTMLElement }): Promise<void> {
  await screenSettled({ canvasElement });
  setBrowserOnline(false);
  await waitFor(
    () => expect(canvasElement.ownerDocument.querySelector('[data-slot="offline-banner"]')).not.toBeNull(),
    { timeout: 15_000 },
  );
}

/**
 * Before each story: the browser's own online state back, if a story before took it away. The
 * query client heard the `offline` event while that story was mounted and no `online` since (it
 * listens only while mounted): it is told too, or the next story's requests would stay paused.
 * A server found unreachable by a story before (its requests failed on the network) is forgotten.
 */
export function restoreBrowserOnline(): void {
  forgetUnreachable();
  if (!Object.hasOwn(navigator, 'onLine')) return;
  setBrowserOnline(true);
  onlineManager.setOnline(true);
}
