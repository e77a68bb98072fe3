import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNotingReachability, forgetUnreachable, serverUnreachable } from '../lib/reachability';
import { prefetch } from './prefetch';

afterEach(() => vi.useRealTimers());

describe('prefetch', () => {
  it('waits for the data when it comes in time', async () => {
    let loaded = false;
    await prefetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      loaded = true;
    });
    expect(loaded).toBe(true);
  });

  it('never fails the navigation: a failed or throwing load resolves all the same', async () => {
    await expect(prefetch(() => Promise.reject(new Error('503')))).resolves.toBeUndefined();
    await expect(
      prefetch(() => {
        throw new Error('同期の失敗');
      }),
    ).resolves.toBeUndefined();
  });

  it('does not hold the navigation at all while the browser is offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      vi.useFakeTimers();
      const load = vi.fn(() => new Promise(() => {}));
      let settled = false;
      const navigation = prefetch(load, 3000).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(true);
      expect(load).not.toHaveBeenCalled();
      await navigation;
    } finally {
      online.mockRestore();
    }
  });

  it('lets the navigation go on after the timeout while the request is still out', async () => {
    vi.useFakeTimers();
    let settled = false;
    const navigation = prefetch(() => new Promise(() => {}), 3000).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await navigation;
    expect(settled).toBe(true);
  });

  it('stops holding the navigation once a request finds the server unreachable on a network that is up', async () => {
    let settled = false;
    // The load hangs as the auth client's refresh does while it retries; another request fails.
    const navigation = prefetch(() => new Promise(() => {}), 60_000).then(() => {
      settled = true;
    });
    // Port 9 (discard): nothing listens there, so the request gets no answer at all.
    await expect(fetchNotingReachability('http://127.0.0.1:9/api/health')).rejects.toThrow();
    await navigation;
    expect(settled).toBe(true);
    // And while it is unreachable, the next navigation does not wait either.
    const load = vi.fn(() => new Promise(() => {}));
    await prefetch(load, 60_000);
    expect(load).not.toHaveBeenCalled();
    forgetUnreachable();
    expect(serverUnreachable()).toBe(false);
  });
});
