import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorHistory } from './error-history';
import { ERROR_QUEUE_KEY, ErrorQueue } from './error-queue';
import { BACKOFF_BASE_MS, BURST_LIMIT, createErrorReporter } from './error-reporter';
import { KEEPALIVE_MAX_BYTES } from './error-sender';

interface Call {
  url: string;
  init: RequestInit;
  body: { reports?: { error: { id: string } }[]; error?: { id: string } };
}

let calls: Call[];
let respond: (call: Call) => Response | Promise<Response>;
let online: boolean;
let session: { token: string | null; userId: string | null };

const fakeFetch = async (url: string, init: RequestInit) => {
  const call = { url, init, body: JSON.parse(String(init.body)) };
  calls.push(call);
  return respond(call);
};

function setup() {
  const queue = new ErrorQueue(localStorage);
  const reporter = createErrorReporter({
    queue,
    history: new ErrorHistory(),
    fetch: fakeFetch,
    getAuth: async () => session,
    isOnline: () => online,
    context: () => ({ url: 'http://localhost/', online }),
  });
  return { queue, reporter };
}

const sentIds = (call: Call) =>
  (call.body.reports ?? [call.body]).map((report) => ('error' in report ? report.error?.id : undefined));
const header = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];
const queuedIds = (queue: ErrorQueue) => queue.list().map((item) => item.submission.error.id);
const accepted = () => new Response(JSON.stringify({ accepted: 1 }), { status: 202 });
let n = 0;
const id = () => {
  n += 1;
  return `r${n}`;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00+09:00'));
  calls = [];
  respond = accepted;
  online = true;
  session = { token: null, userId: null };
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('error reporter', () => {
  it('queues a non-critical error and sends the queue as one batch; accepted reports leave it', async () => {
    const { queue, reporter } = setup();
    const a = id();
    const b = id();
    reporter.report(new TypeError('x is undefined'), { id: a }, null);
    reporter.report(new Error('validation failed'), { id: b }, null);
    await vi.runOnlyPendingTimersAsync();
    expect(calls).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(ERROR_QUEUE_KEY) ?? '[]')).toHaveLength(2);

    await reporter.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/errors/report/batch');
    expect(sentIds(calls[0] as Call)).toEqual([a, b]);
    expect(calls[0]?.body.reports?.[0]).toMatchObject({
      reportedAt: '2026-11-22T01:00:00.000Z',
      reportedBy: null,
    });
    expect(queue.size).toBe(0);
  });

  it('sends a critical error at once, alone; it stays queued until the server accepted it', async () => {
    const { queue, reporter } = setup();
    let release: (response: Response) => void = () => {};
    respond = () => new Promise((resolve) => (release = resolve));
    const critical = id();
    reporter.report(new ReferenceError('foo is not defined'), { id: critical }, null);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/errors/report');
    expect(calls[0]?.body.error?.id).toBe(critical);
    expect(queuedIds(queue)).toEqual([critical]);
    release(accepted());
    await vi.waitFor(() => expect(queue.size).toBe(0));
  });

  it('keeps everything while offline and sends it when the connection returns', async () => {
    const { queue, reporter } = setup();
    online = false;
    const crash = id();
    reporter.report(new TypeError('boom'), { id: crash, kind: 'render' }, null);
    await reporter.flush();
    await vi.runOnlyPendingTimersAsync();
    expect(calls).toHaveLength(0);
    expect(queuedIds(queue)).toEqual([crash]);

    online = true;
    await reporter.flush({ force: true });
    expect(sentIds(calls[0] as Call)).toEqual([crash]);
    expect(queue.size).toBe(0);
  });

  it('keeps the reports after a failure (5xx, no response) and tries again by itself, waiting 5 s, then 10 s', async () => {
    const { queue, reporter } = setup();
    const kept = id();
    reporter.report(new TypeError('boom'), { id: kept }, null);
    respond = () => new Response('{}', { status: 503 });
    await reporter.flush();
    expect(calls).toHaveLength(1);
    expect(queuedIds(queue)).toEqual([kept]);
    expect(reporter.backoffRemaining()).toBe(BACKOFF_BASE_MS);

    // Asked again within the wait: nothing is sent.
    await reporter.flush();
    expect(calls).toHaveLength(1);

    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(queuedIds(queue)).toEqual([kept]);
    expect(reporter.backoffRemaining()).toBe(BACKOFF_BASE_MS * 2);

    respond = accepted;
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS * 2);
    expect(calls).toHaveLength(3);
    expect(queue.size).toBe(0);
    expect(reporter.backoffRemaining()).toBe(0);
    // Nothing left, nothing more is tried.
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS * 10);
    expect(calls).toHaveLength(3);
  });

  it('the connection coming back sends at once and starts the wait afresh', async () => {
    const { queue, reporter } = setup();
    reporter.report(new TypeError('boom'), { id: id() }, null);
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await reporter.flush();
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    expect(calls).toHaveLength(2);
    expect(reporter.backoffRemaining()).toBe(BACKOFF_BASE_MS * 2);

    // Back online, but the first request still fails (the network is not quite there yet).
    await reporter.backOnline();
    expect(calls).toHaveLength(3);
    expect(reporter.backoffRemaining()).toBe(BACKOFF_BASE_MS);

    respond = accepted;
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    expect(calls).toHaveLength(4);
    expect(queue.size).toBe(0);
  });

  it('backs off on 429 for as long as Retry-After says, critical errors included', async () => {
    const { queue, reporter } = setup();
    reporter.report(new TypeError('one'), { id: id() }, null);
    respond = () => new Response('{}', { status: 429, headers: { 'Retry-After': '60' } });
    await reporter.flush();
    expect(reporter.backoffRemaining()).toBe(60_000);

    reporter.report(new ReferenceError('two'), { id: id() }, null);
    await reporter.flush();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls).toHaveLength(1);
    expect(queue.size).toBe(2);

    respond = accepted;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(sentIds(calls[1] as Call)).toHaveLength(2);
    expect(queue.size).toBe(0);
  });

  it("attributes reports to the signed-in user (token and X-Tenant-Id); others' and signed-out ones go anonymous", async () => {
    const { queue, reporter } = setup();
    session = { token: 'token-u1', userId: 'u1' };
    const mine = id();
    const signedOut = id();
    const other = id();
    reporter.report(new TypeError('mine'), { id: mine }, { userId: 'u1', tenantId: 't1' });
    reporter.report(new TypeError('signed out'), { id: signedOut }, null);
    reporter.report(new TypeError('other'), { id: other }, { userId: 'u2', tenantId: 't2' });
    await reporter.flush();
    expect(calls).toHaveLength(2);
    const [attributed, anonymous] = calls as [Call, Call];
    expect(sentIds(attributed)).toEqual([mine]);
    expect(header(attributed, 'Authorization')).toBe('Bearer token-u1');
    expect(header(attributed, 'X-Tenant-Id')).toBe('t1');
    expect(sentIds(anonymous)).toEqual([signedOut, other]);
    expect(header(anonymous, 'Authorization')).toBeUndefined();
    expect(header(anonymous, 'X-Tenant-Id')).toBeUndefined();
    expect(queue.size).toBe(0);
  });

  it('resends anonymously what the server refused for its token (401)', async () => {
    const { queue, reporter } = setup();
    session = { token: 'expired', userId: 'u1' };
    reporter.report(new TypeError('mine'), { id: id() }, { userId: 'u1', tenantId: 't1' });
    respond = (call) => (header(call, 'Authorization') ? new Response('{}', { status: 401 }) : accepted());
    await reporter.flush();
    expect(calls.map((call) => header(call, 'Authorization') ?? 'anonymous')).toEqual([
      'Bearer expired',
      'anonymous',
    ]);
    expect(queue.size).toBe(0);
  });

  it('drops only the reports the server can never accept (422), sending the rest', async () => {
    const { queue, reporter } = setup();
    const ids = [id(), id(), id()];
    for (const reportId of ids) reporter.report(new TypeError(reportId), { id: reportId }, null);
    const bad = ids[1];
    respond = (call) => (sentIds(call).includes(bad) ? new Response('{}', { status: 422 }) : accepted());
    await reporter.flush();
    expect(queue.size).toBe(0);
    const delivered = calls.filter((call) => !sentIds(call).includes(bad)).flatMap(sentIds);
    expect(delivered.sort()).toEqual([ids[0], ids[2]].sort());
  });

  it('on leaving the page sends with keepalive what fits in 64 KB, the rest stays for next time', async () => {
    const { queue, reporter } = setup();
    respond = () => new Promise(() => {});
    for (let i = 0; i < 40; i += 1) {
      const error = new TypeError(`big ${i}`);
      error.stack = `TypeError: big ${i}\n${'    at somewhere (app.js:1:1)\n'.repeat(200)}`;
      reporter.report(error, { id: id() }, null);
    }
    reporter.flushOnExit();
    // Started synchronously: nothing awaited before the request leaves.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.keepalive).toBe(true);
    const bytes = new TextEncoder().encode(String(calls[0]?.init.body)).length;
    expect(bytes).toBeLessThanOrEqual(KEEPALIVE_MAX_BYTES);
    expect(sentIds(calls[0] as Call).length).toBeLessThan(40);
    expect(queue.size).toBe(40);
  });

  it(`records a render loop in the history but queues one error at most ${BURST_LIMIT} times in 5 minutes`, async () => {
    const { queue, reporter } = setup();
    for (let i = 0; i < 25; i += 1) reporter.report(new TypeError('loop'), { id: id() }, null);
    expect(queue.size).toBe(BURST_LIMIT);
    expect(reporter.stats().frequent).toEqual([expect.objectContaining({ message: 'loop', count: 25 })]);
    expect(queue.list().at(-1)?.submission.error.tags).toContain('frequent');
  });
});
