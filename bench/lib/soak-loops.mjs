// The soak's two ways of sending the traffic, over one keep-alive pool:
// - open loop: one session, requests leave on a schedule (a steady rate) whether or not earlier
//   ones have answered, so a slower server does not get less to do and its delay shows in full;
// - closed loop: N signed-in clients, each sending its next request as soon as its previous answer
//   is read (no think time), so the server is as busy as N busy users can make it and the figure
//   is its throughput and latency at that concurrency.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, signIn } from './http.mjs';
import { noteVersion } from './traffic.mjs';

/**
 * A signed-in client. Its access token lasts ACCESS_TOKEN_TTL (15 minutes by default): it is renewed
 * as the app does, with the refresh token, at four fifths of its life.
 */
function newClient(session, name) {
  const client = { name, session, refreshes: 0, renewAt: 0 };
  client.renewAt = performance.now() + Math.max(30, (session.expires_in ?? 900) * 0.8) * 1000;
  return client;
}

async function keepFresh(pool, client, stats) {
  if (performance.now() < client.renewAt) return;
  const renewed = await call(pool, 'POST', '/auth/v1/token?grant_type=refresh_token', {
    body: { refresh_token: client.session.refresh_token },
  });
  if (renewed.status === 200 && renewed.body?.access_token) {
    Object.assign(client, newClient(renewed.body, client.name), { refreshes: client.refreshes + 1 });
  } else {
    stats.countError(
      `refresh ${renewed.status}`,
      `${client.name} のトークンの更新: ${renewed.status} ${renewed.text}`,
    );
    client.renewAt = performance.now() + 30_000;
  }
}

/** Signs one user in: the open loop's single session (and the seeding's). */
export async function signInOne(pool, user, password) {
  return newClient(await signIn(pool, user.email, password), user.email);
}

/**
 * `count` clients, one session each, taking turns over `users`. Signed in one after the other:
 * parallel sign-ins of one account would count as parallel guesses (sign-in-throttle.ts refuses
 * more than 5 at once per account and address with 429).
 */
export async function signInClients(pool, users, password, count) {
  const clients = [];
  for (let i = 0; i < count; i += 1) clients.push(await signInOne(pool, users[i % users.length], password));
  return clients;
}

/**
 * Sends one drawn request with `token` and records the answer: a created customer joins the known
 * ids, an answered version is remembered. A customer being edited stays marked until its version
 * is known again, so no other client edits it with a stale one.
 */
export function sender({ pool, known, stats }) {
  return async (token, { op, request }) => {
    if (request.edits) known.editing.add(request.customer);
    const answer = await call(pool, request.method, request.path, { token, body: request.body });
    if (stats.record(op, request, answer)) {
      if (request.creates) known.ids.push(answer.body.id);
      noteVersion(known, answer.body?.id, answer.body?.version);
    } else if (answer.status === 409 && request.customer) {
      // Our version was stale (should not happen: edits never overlap). Read it again.
      const fresh = await call(pool, 'GET', `/api/customers/${request.customer}`, { token });
      if (fresh.status === 200) noteVersion(known, request.customer, fresh.body?.version);
    }
    if (request.edits) known.editing.delete(request.customer);
  };
}

/**
 * The open loop: `rate` requests a second for `seconds`, as one client. Requests in flight beyond
 * `maxInFlight` are not sent but counted (`skipped`): the server is not keeping up, and an ever
 * longer queue on our side would measure the queue.
 */
export async function openLoop({ pool, client, stats, draw, send, rate, seconds, maxInFlight }) {
  const started = performance.now();
  const pending = new Set();
  let sent = 0;
  let skipped = 0;
  while (performance.now() - started < seconds * 1000) {
    // As many requests as the schedule says by now, whatever the answers do.
    const due = Math.floor(((performance.now() - started) / 1000) * rate) - sent - skipped;
    for (let i = 0; i < due; i += 1) {
      if (pending.size >= maxInFlight) {
        skipped += 1;
        continue;
      }
      sent += 1;
      const promise = send(client.session.access_token, draw());
      pending.add(promise);
      promise.finally(() => pending.delete(promise));
    }
    await keepFresh(pool, client, stats);
    await sleep(5);
  }
  await Promise.all(pending);
  return { sent, skipped, seconds: (performance.now() - started) / 1000, refreshes: client.refreshes };
}

/**
 * The closed loop: every client sends, reads the answer, and sends the next, until `seconds` have
 * passed (what is in flight then is still awaited and counted).
 */
export async function closedLoop({ pool, clients, stats, draw, send, seconds }) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let sent = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        await keepFresh(pool, client, stats);
        sent += 1;
        await send(client.session.access_token, draw());
      }
    }),
  );
  const refreshes = clients.reduce((sum, client) => sum + client.refreshes, 0);
  return { sent, skipped: 0, seconds: (performance.now() - started) / 1000, refreshes };
}
