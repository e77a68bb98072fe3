// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { serverUnreachable } from '../lib/reachability';
import { probeServer, SERVER_PROBE_MS, waitForServer } from './wait-for-server';

// A real HTTP server that is either down (it drops every connection: no answer at all) or up.
let server: Server;
let down = true;
const device = { onLine: true };
let asked = 0;
let answered = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (down) request.socket.destroy();
    else response.end('{}');
  });
  const origin = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
  const realFetch = globalThis.fetch;
  vi.stubGlobal('navigator', device);
  // The app's relative /api/health, sent to that server; each ask counted when it is settled.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    asked += 1;
    return realFetch(`${origin}${input}`, init).finally(() => {
      answered += 1;
    });
  });
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

it('keeps asking the server through a lost network, and ends once it answers', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  await probeServer();
  expect(serverUnreachable()).toBe(true);
  let ended = false;
  const waiting = waitForServer(() => false).then(() => {
    ended = true;
  });

  await vi.advanceTimersByTimeAsync(SERVER_PROBE_MS);
  await vi.waitFor(() => expect(answered).toBe(2), { timeout: 5000 });

  // The device loses its network: nothing is asked while it has none.
  device.onLine = false;
  await vi.advanceTimersByTimeAsync(SERVER_PROBE_MS * 3);
  expect(asked).toBe(2);

  // Back on the network with the server still down: the asking goes on by itself.
  device.onLine = true;
  await vi.advanceTimersByTimeAsync(SERVER_PROBE_MS);
  await vi.waitFor(() => expect(answered).toBe(3), { timeout: 5000 });
  expect(serverUnreachable()).toBe(true);
  expect(ended).toBe(false);

  // The server is back: the next ask reaches it and the waiting ends.
  down = false;
  await vi.advanceTimersByTimeAsync(SERVER_PROBE_MS);
  await waiting;
  expect(asked).toBe(4);
  expect(serverUnreachable()).toBe(false);
});
