import type { RouteObject } from 'react-router-dom';
import { isOffline, subscribeConnection } from '../lib/reachability';

/** SPEC section 9: a chunk that has not arrived after this long is given up. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A part of the app (a route's chunk) that could not be loaded: most often a deployment replaced
 * the chunks this page knows, sometimes the connection. Offered a reload, never a crash.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

// Chrome / Edge, Firefox, Safari, and Vite's preload helper.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

/**
 * A dynamic import that fails as a chunk does becomes a ChunkLoadError, and one that hangs
 * becomes one after `timeoutMs`.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  const loaded = load().catch((error: unknown) => {
    throw isChunkLoadError(error) && !(error instanceof ChunkLoadError)
      ? new ChunkLoadError((error as Error).message, { cause: error })
      : error;
  });
  return Promise.race([loaded, timeout]).finally(() => clearTimeout(timer));
}

/** Every lazy route of the tree loads through loadChunk (router.tsx applies it once to all). */
export function withChunkLoadHandling(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const next = { ...route } as RouteObject;
    // The function form (the only one router.tsx uses); react-router's per-property form is left as is.
    const { lazy } = route;
    if (typeof lazy === 'function') next.lazy = () => loadChunk(lazy);
    if (route.children) next.children = withChunkLoadHandling(route.children);
    return next;
  });
}

/**
 * A part loaded while a screen is already shown (sign-in security: the screen lock's watchers,
 * the second factor): offline, its chunk is asked for again once the connection is back, instead of
 * taking the screen down with it. The offline bar says what is going on meanwhile. The browser
 * keeps a module that failed to load as failed, so the chunk is asked for under another address
 * (`?retry=…`; it imports the same files as before). A chunk it imports that failed in the same
 * drop stays failed for the page: the retry then fails online and the crash page offers a reload,
 * as it did at once before. A failure whose message names no address (Safari) or that happens
 * online (a deployment replaced the chunk) fails as before.
 */
export function loadWhenOnline<T>(
  load: () => Promise<T>,
  importUrl: (url: string) => Promise<T> = (url) => import(/* @vite-ignore */ url),
): Promise<T> {
  return load().catch((error: unknown) => {
    const url =
      isChunkLoadError(error) && isOffline() && /https?:\/\/\S+?\.js(?=$|[\s?#])/.exec(String(error));
    if (!url) throw error;
    return new Promise<void>((resolve) => {
      const stop = subscribeConnection(() => {
        if (isOffline()) return;
        stop();
        resolve();
      });
    }).then(() => loadWhenOnline(() => importUrl(`${url[0]}?retry=${Date.now()}`), importUrl));
  });
}
