import type { RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  isChunkLoadError,
  loadChunk,
  withChunkLoadHandling,
} from './chunk-load';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('recognises the browsers’ failed dynamic imports', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('turns a failed import into a ChunkLoadError and leaves other errors alone', async () => {
    await expect(
      loadChunk(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      ),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    const other = new SyntaxError('Unexpected token');
    await expect(loadChunk(() => Promise.reject(other))).rejects.toBe(other);
  });

  it(`gives up a chunk that hangs after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`, async () => {
    const loading = loadChunk(() => new Promise(() => {}));
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toContain('120 s');
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ Component: 'x' }))).resolves.toEqual({ Component: 'x' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wraps every lazy route of the tree, nested ones included', async () => {
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'));
    const routes: RouteObject[] = [
      {
        lazy: failing as RouteObject['lazy'],
        children: [
          { path: 'a', lazy: failing as RouteObject['lazy'] },
          { path: 'c', element: null },
        ],
      },
    ];
    const [root] = withChunkLoadHandling(routes) as [RouteObject];
    const [nested, plain] = root.children as [RouteObject, RouteObject];
    await expect((root.lazy as () => Promise<unknown>)()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect((nested.lazy as () => Promise<unknown>)()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(plain).toEqual({ path: 'c', element: null });
  });
});
