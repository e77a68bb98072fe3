import type { RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  isChunkLoadError,
  loadChunk,
  loadWhenOnline,
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

describe('a part loaded while a screen is shown', () => {
  const failed = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/p.js');
  const setOnline = (online: boolean) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => vi.restoreAllMocks());

  it('offline, is asked for again under another address once the device is back online', async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValue(failed());
    const importUrl = vi.fn().mockResolvedValue({ part: 1 });
    let result: unknown;
    void loadWhenOnline(load, importUrl).then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(importUrl).not.toHaveBeenCalled();
    expect(result).toBeUndefined();
    setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl).toHaveBeenCalledWith(expect.stringMatching(/^http:\/\/x\/assets\/p\.js\?retry=\d+$/));
    expect(result).toEqual({ part: 1 });
  });

  it('online, fails as before: a deployment replaced the chunk, or something else broke', async () => {
    setOnline(true);
    await expect(loadWhenOnline(() => Promise.reject(failed()))).rejects.toThrow(/dynamically imported/);
    setOnline(false);
    const other = new SyntaxError('Unexpected token');
    await expect(loadWhenOnline(() => Promise.reject(other))).rejects.toBe(other);
  });
});
