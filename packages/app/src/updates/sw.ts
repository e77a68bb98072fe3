/// <reference lib="webworker" />
// The service worker (built apart from the app by vite-plugin-pwa into dist/sw.js; see
// packages/app/vite.config.ts). It precaches the app shell and answers the SPA's navigations from
// it, so that the app opens without a connection; it never touches /api or /auth/v1.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isSkipWaitingMessage, NETWORK_ONLY_PATHS } from './sw-protocol';

declare const self: ServiceWorkerGlobalScope & {
  /** The build's files and their revisions, written in by workbox-build (injectManifest). */
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// index.html, the entry and every route chunk, the CSS, the fonts and icons of the build: fetched
// once when this version installs, served from the cache from then on (hashed files never change;
// index.html is revisioned by its content).
precacheAndRoute(self.__WB_MANIFEST);
// The caches of earlier Workbox precache formats; this version's entries replace the previous
// version's on activation.
cleanupOutdatedCaches();

// Every navigation of the SPA (/, /customers/…, a reload offline) gets the cached index.html.
// /api and /auth/v1 are never answered from here: their responses carry one tenant's data and
// tokens, so nothing of them is cached (no route matches them, so the browser fetches them as if
// there were no service worker — network only, offline they fail and the app says it is offline).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: NETWORK_ONLY_PATHS,
  }),
);

// Prompt for updates: a new version waits (the open pages keep the version they started with)
// until the user accepts the update banner, which posts SKIP_WAITING (updates/register.ts).
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// Once active (the first install, or an accepted update), take the open pages, so that a page that
// opened before the first install also reloads through this worker and learns about updates.
clientsClaim();
