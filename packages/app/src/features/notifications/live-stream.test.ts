import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveStream, reconnectDelay, watchStreamConditions } from './live-stream';

const encoder = new TextEncoder();

/** A fake server: each `open` is one connection the test writes to, closes or fails. */
function fakeServer() {
  const connections: {
    token: number;
    signal: AbortSignal;
    send: (text: string) => void;
    close: () => void;
  }[] = [];
  let token = 0;
  let refuseWith: unknown = null;
  const open = vi.fn(async (signal: AbortSignal) => {
    token += 1;
    if (refuseWith) throw refuseWith;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    connections.push({
      token,
      signal,
      send: (text) => controller.enqueue(encoder.encode(text)),
      close: () => controller.close(),
    });
    return body;
  });
  return {
    open,
    connections,
    last: () => connections.at(-1)!,
    refuse: (error: unknown) => {
      refuseWith = error;
    },
    accept: () => {
      refuseWith = null;
    },
  };
}

const unread = (count: number) => `event: unread\ndata: {"unread_count": ${count}}\n\n`;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it("starts at the server's retry time, doubles per failure, stays under the cap, adds at most 25%", () => {
    const none = () => 0;
    expect(reconnectDelay(0, 5000, 300_000, none)).toBe(5000);
    expect(reconnectDelay(1, 5000, 300_000, none)).toBe(5000);
    expect(reconnectDelay(2, 5000, 300_000, none)).toBe(10_000);
    expect(reconnectDelay(4, 5000, 300_000, none)).toBe(40_000);
    expect(reconnectDelay(50, 5000, 300_000, none)).toBe(300_000);
    expect(reconnectDelay(2, 5000, 300_000, () => 1)).toBe(12_500);
    expect(reconnectDelay(50, 5000, 300_000, () => 1)).toBe(300_000);
  });
});

describe('createLiveStream', () => {
  it('delivers events and, when the server closes a long connection (token expiry), reconnects after retry', async () => {
    const server = fakeServer();
    const events: string[] = [];
    const stream = createLiveStream({
      open: server.open,
      onEvent: (event) => events.push(event.data),
      random: () => 0,
    });
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.open).toHaveBeenCalledTimes(1);
    server.last().send(`retry: 3000\n${unread(2)}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['{"unread_count": 2}']);

    // Keep-alives every 25 s hold the connection past the idle timeout.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(25_000);
      server.last().send(': keep-alive\n\n');
    }
    server.last().close();
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    // A new connection, i.e. a new call of open (which fetches a fresh token).
    expect(server.open).toHaveBeenCalledTimes(2);
    server.last().send(unread(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['{"unread_count": 2}', '{"unread_count": 5}']);
    stream.stop();
  });

  it('backs off while connecting keeps failing, and starts over after a healthy connection', async () => {
    const server = fakeServer();
    const stream = createLiveStream({ open: server.open, onEvent: () => {}, random: () => 0 });
    server.refuse(new TypeError('Failed to fetch'));
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    const attemptsAt: number[] = [];
    const startedAt = Date.now();
    for (let i = 0; i < 5; i++) {
      const before = server.open.mock.calls.length;
      while (server.open.mock.calls.length === before) await vi.advanceTimersByTimeAsync(500);
      attemptsAt.push(Date.now() - startedAt);
    }
    // 5 s, then 10, 20, 40, 80 s apart.
    expect(attemptsAt).toEqual([5000, 15_000, 35_000, 75_000, 155_000]);

    server.accept();
    await vi.advanceTimersByTimeAsync(160_000);
    const calls = server.open.mock.calls.length;
    server.last().send(unread(1));
    await vi.advanceTimersByTimeAsync(61_000);
    server.last().send(': keep-alive\n\n');
    server.last().close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.open).toHaveBeenCalledTimes(calls + 1);
    stream.stop();
  });

  it('counts a connection the server drops at once as a failure (no tight reconnect loop)', async () => {
    const server = fakeServer();
    const stream = createLiveStream({ open: server.open, onEvent: () => {}, random: () => 0 });
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    // Each connection says hello and is closed at once (e.g. another tab took its place): 5, 10, 20 s.
    for (const wait of [5000, 10_000, 20_000]) {
      server.last().send(unread(1));
      server.last().close();
      const before = server.open.mock.calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.open).toHaveBeenCalledTimes(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.open).toHaveBeenCalledTimes(before + 1);
    }
    stream.stop();
  });

  it('gives up a connection that went silent past the idle timeout and reconnects', async () => {
    const server = fakeServer();
    const stream = createLiveStream({ open: server.open, onEvent: () => {}, random: () => 0 });
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    server.last().send(unread(0));
    await vi.advanceTimersByTimeAsync(70_000);
    expect(server.connections[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.open).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('stops for good after a fatal answer (e.g. the feature is off)', async () => {
    const server = fakeServer();
    const forbidden = Object.assign(new Error('forbidden'), { status: 403 });
    server.refuse(forbidden);
    const stream = createLiveStream({
      open: server.open,
      onEvent: () => {},
      isFatal: (error) => (error as { status?: number }).status === 403,
    });
    stream.start();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.open).toHaveBeenCalledTimes(1);
    expect(stream.running).toBe(false);
  });

  it('stop() closes the connection and cancels the pending reconnection; a handler that throws is contained', async () => {
    const server = fakeServer();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stream = createLiveStream({
      open: server.open,
      onEvent: () => {
        throw new Error('bad handler');
      },
    });
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    server.last().send(unread(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveBeenCalledTimes(1);
    stream.stop();
    expect(server.last().signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.open).toHaveBeenCalledTimes(1);

    // Stopped while it waits to reconnect: nothing more either.
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    server.last().close();
    await vi.advanceTimersByTimeAsync(0);
    stream.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.open).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

describe('watchStreamConditions', () => {
  function setVisibility(state: 'visible' | 'hidden') {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }
  function setOnline(online: boolean) {
    Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }

  it('runs while online and visible, stops offline and after a long time hidden, resumes on return', async () => {
    setVisibility('visible');
    setOnline(true);
    const changes: boolean[] = [];
    const unwatch = watchStreamConditions({
      onChange: (active) => changes.push(active),
      hiddenGraceMs: 60_000,
    });
    expect(changes).toEqual([true]);

    setOnline(false);
    setOnline(true);
    expect(changes).toEqual([true, false, true]);

    // A short look at another tab keeps the connection.
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(30_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(changes).toEqual([true, false, true]);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(changes).toEqual([true, false, true, false]);
    setVisibility('visible');
    expect(changes).toEqual([true, false, true, false, true]);

    unwatch();
    setOnline(false);
    expect(changes).toHaveLength(5);
    setOnline(true);
  });
});
