// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchNotingReachability, serverUnreachable, subscribeConnection } from './reachability';

// Against a real HTTP server: one that answers (any status), and a port where nothing listens.
let server: Server;
let answering: string;
let closed: string;

const listen = (target: Server) =>
  new Promise<string>((resolve) =>
    target.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(target.address() as AddressInfo).port}`),
    ),
  );

beforeAll(async () => {
  // The browser's window only for its online and offline events, and a device with a network.
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true });
  server = createServer((request, response) => {
    response.statusCode = request.url === '/broken' ? 503 : 200;
    response.end('{}');
  });
  answering = await listen(server);
  const gone = createServer();
  closed = await listen(gone);
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchNotingReachability', () => {
  it('marks the server unreachable when nothing answers, and reachable on any answer', async () => {
    const changes: boolean[] = [];
    const unsubscribe = subscribeConnection(() => changes.push(serverUnreachable()));
    expect(serverUnreachable()).toBe(false);

    await expect(fetchNotingReachability(`${closed}/api/health`)).rejects.toThrow();
    expect(serverUnreachable()).toBe(true);
    // Still unreachable: no second notification for the same state.
    await expect(fetchNotingReachability(new Request(`${closed}/api/health`))).rejects.toThrow();

    // A 503 is an answer: the server is there.
    const response = await fetchNotingReachability(`${answering}/broken`);
    expect(response.status).toBe(503);
    expect(serverUnreachable()).toBe(false);
    expect(changes).toEqual([true, false]);
    unsubscribe();
  });

  it('does not count a request the app cancelled itself', async () => {
    await expect(fetchNotingReachability(`${closed}/x`)).rejects.toThrow();
    expect(serverUnreachable()).toBe(true);
    await fetchNotingReachability(`${answering}/x`);

    const controller = new AbortController();
    controller.abort();
    await expect(fetchNotingReachability(`${answering}/x`, { signal: controller.signal })).rejects.toThrow();
    await expect(
      fetchNotingReachability(new Request(`${answering}/x`, { signal: controller.signal })),
    ).rejects.toThrow();
    expect(serverUnreachable()).toBe(false);
  });
});
