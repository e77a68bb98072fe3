import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationStreams } from '../../src/modules/notifications/notifications.stream';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { type EventStreamSink, openEventStreamCount } from '../../src/platform/http/event-stream';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope } from '../support/contract';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

/** One open GET /api/notifications/events, read the way a browser's fetch reads it. */
class EventStreamReader {
  readonly events: Array<{ event: string; data: string }> = [];
  readonly comments: string[] = [];
  retry: number | null = null;
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    void this.pump();
  }

  static async open(base: string, token: string, tenantId?: string): Promise<EventStreamReader> {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/notifications/events`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        ...(tenantId ? { 'x-tenant-id': tenantId } : {}),
      },
      signal: controller.signal,
    });
    return new EventStreamReader(response, controller);
  }

  private async pump(): Promise<void> {
    const reader = this.response.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        this.buffer += decoder.decode(chunk.value, { stream: true });
        let end = this.buffer.indexOf('\n\n');
        while (end >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
          end = this.buffer.indexOf('\n\n');
        }
        this.wakeUp();
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.wakeUp();
  }

  private parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('retry: ')) this.retry = Number(line.slice(7));
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ event, data: data.join('\n') });
  }

  private wakeUp(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Unread counts received so far. */
  get counts(): number[] {
    return this.events
      .filter((entry) => entry.event === 'unread')
      .map((entry) => (JSON.parse(entry.data) as { unread_count: number }).unread_count);
  }

  /** Waits until `done()` holds (or the stream ends, or the time is up). */
  async until(done: () => boolean, timeoutMs = 3_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (this.ended || Date.now() > deadline) return done();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  close(): void {
    this.controller.abort();
  }
}

const newCustomer = (lastName: string) => ({
  last_name: lastName,
  first_name: '花子',
  last_name_kana: 'テスト',
  first_name_kana: 'ハナコ',
});

/** What the route layer hands a stream; these streams only write events. */
const STREAM_REQUEST = { id: 'req-test', url: '/api/notifications/stream', log: console as never };

const FEATURELESS_TENANT = '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c21';

describe('GET /api/notifications/events (live unread count)', () => {
  let server: TestServer;
  let base: string;
  let admin: string;
  let staff: string;
  let midori: string;
  const open: EventStreamReader[] = [];

  const stream = async (token: string, tenantId?: string) => {
    const reader = await EventStreamReader.open(base, token, tenantId);
    open.push(reader);
    return reader;
  };

  const unreadOf = async (token: string) =>
    (await server.send('GET', '/api/notifications/stats', token)).json<{ unread_count: number }>()
      .unread_count;

  beforeAll(async () => {
    server = await createTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    for (const reader of open) reader.close();
    // fetch's connection pool leaves sockets that never sent a request; Node would wait for them
    // until headersTimeout before the server counts as closed.
    const closing = server.close();
    server.app.server.closeAllConnections();
    await closing;
  });

  it('sends retry and the unread count on connect, as an event stream that is never cached', async () => {
    const expected = await unreadOf(staff);
    const reader = await stream(staff);
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.response.headers.get('cache-control')).toBe('no-store');
    expect(reader.response.headers.get('x-accel-buffering')).toBe('no');
    // The security headers of every response stay.
    expect(reader.response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reader.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reader.response.headers.get('x-request-id')).toBeTruthy();
    expect(await reader.until(() => reader.counts.length === 1)).toBe(true);
    expect(reader.retry).toBe(5000);
    expect(reader.events[0]).toEqual({ event: 'unread', data: `{"unread_count": ${expected}}` });
    reader.close();
  });

  it("brings a customer created by someone else to the user's stream within a second or two, not to another tenant's", async () => {
    const staffStream = await stream(staff);
    const midoriStream = await stream(midori);
    await staffStream.until(() => staffStream.counts.length === 1);
    await midoriStream.until(() => midoriStream.counts.length === 1);
    const before = staffStream.counts[0] ?? -1;

    const started = Date.now();
    const created = await server.send('POST', '/api/customers', admin, newCustomer('ライブ'));
    expect(created.statusCode).toBe(201);
    expect(await staffStream.until(() => staffStream.counts.length === 2, 2_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(staffStream.counts[1]).toBe(before + 1);
    expect(staffStream.counts[1]).toBe(await unreadOf(staff));

    // The other tenant's user hears nothing (give a burst's worth of time to be sure).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(midoriStream.counts).toHaveLength(1);

    // Marking read (e.g. in another tab) sends the lower count; marking all read sends 0.
    const newest = (await server.send('GET', '/api/notifications?limit=1', staff)).json<{
      notifications: Array<{ id: string }>;
    }>().notifications[0];
    expect(
      (await server.send('PATCH', `/api/notifications/${newest?.id}`, staff, { read: true })).statusCode,
    ).toBe(200);
    expect(await staffStream.until(() => staffStream.counts.length === 3)).toBe(true);
    expect(staffStream.counts[2]).toBe(before);
    expect((await server.send('POST', '/api/notifications/mark-all-as-read', staff)).statusCode).toBe(200);
    expect(await staffStream.until(() => staffStream.counts.at(-1) === 0)).toBe(true);
    expect(midoriStream.counts).toHaveLength(1);
  });

  it('sends one count for a burst of changes, and nothing when the count did not change', async () => {
    const reader = await stream(staff);
    await reader.until(() => reader.counts.length === 1);
    const before = reader.counts[0] ?? -1;
    await Promise.all(
      ['一', '二', '三'].map((suffix) =>
        server.send('POST', '/api/customers', admin, newCustomer(`連続${suffix}`)),
      ),
    );
    expect(await reader.until(() => reader.counts.at(-1) === before + 3)).toBe(true);
    // Another user's read state changes nothing of this one's.
    await server.send('POST', '/api/notifications/mark-all-as-read', admin);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reader.counts.at(-1)).toBe(before + 3);
    expect(reader.counts.length).toBeLessThanOrEqual(3);
  });

  it('frees the subscriber when the client goes away', async () => {
    const baseline = openEventStreamCount(server.app);
    const reader = await stream(staff);
    await reader.until(() => reader.counts.length === 1);
    expect(openEventStreamCount(server.app)).toBe(baseline + 1);
    reader.close();
    const deadline = Date.now() + 2_000;
    while (openEventStreamCount(server.app) > baseline && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(openEventStreamCount(server.app)).toBe(baseline);
  });

  it('keeps at most 5 streams per user, closing the oldest', async () => {
    const readers: EventStreamReader[] = [];
    for (let index = 0; index < 6; index += 1) {
      const reader = await stream(staff);
      await reader.until(() => reader.counts.length === 1);
      readers.push(reader);
    }
    expect(await readers[0]?.until(() => readers[0]?.ended === true)).toBe(true);
    expect(readers.slice(1).every((reader) => !reader.ended)).toBe(true);
    for (const reader of readers) reader.close();
  });

  it('still brings news after the LISTEN connection was killed (it reconnects)', async () => {
    const reader = await stream(staff);
    await reader.until(() => reader.counts.length === 1);
    const before = reader.counts[0] ?? -1;
    const { rows } = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where application_name = 'tsumiki-listen' and datname = current_database()`.execute(
      server.database.owner,
    );
    expect(rows.length).toBe(1);
    // Created while nobody may be listening: the reconnection makes every stream look again.
    await server.send('POST', '/api/customers', admin, newCustomer('再接続'));
    expect(await reader.until(() => reader.counts.at(-1) === before + 1, 5_000)).toBe(true);
    await server.send('POST', '/api/customers', admin, newCustomer('再接続後'));
    expect(await reader.until(() => reader.counts.at(-1) === before + 2, 5_000)).toBe(true);
  });

  it('closes the stream when the session is revoked and the next change comes', async () => {
    const session = await server.signIn(DEMO_USERS.sakuraStaff.email);
    const reader = await stream(session.access_token);
    await reader.until(() => reader.counts.length === 1);
    const out = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(out.statusCode).toBe(204);
    await server.send('POST', '/api/customers', admin, newCustomer('失効後'));
    expect(await reader.until(() => reader.ended)).toBe(true);
  });

  it('answers 401 without a token and 403 envelopes without the permission or with the feature off', async () => {
    const anonymous = await fetch(`${base}/api/notifications/events`);
    expect(anonymous.status).toBe(401);
    expectErrorEnvelope(await anonymous.json(), 'AUTH_001');

    await createUser(server.database.owner, {
      email: 'no-bell@sakura-clinic.example',
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: ['customers.read'] }],
    });
    const noBell = (await server.signIn('no-bell@sakura-clinic.example')).access_token;
    const denied = await fetch(`${base}/api/notifications/events`, {
      headers: { authorization: `Bearer ${noBell}` },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('content-type')).toContain('application/json');
    expectErrorEnvelope(await denied.json(), 'AUTH_004');

    await insertTenant(server.database.owner, {
      id: FEATURELESS_TENANT,
      name: '通知オフ医院',
      plan: 'basic',
    });
    await server.database.owner
      .insertInto('tenant_features')
      .values({ tenant_id: FEATURELESS_TENANT, feature: 'notifications', enabled: false })
      .execute();
    await createUser(server.database.owner, {
      email: 'admin@quiet-clinic.example',
      memberships: [
        {
          tenantId: FEATURELESS_TENANT,
          role: 'admin',
          permissions: ['notifications.read', 'notifications.write'],
        },
      ],
    });
    const quiet = (await server.signIn('admin@quiet-clinic.example')).access_token;
    const off = await fetch(`${base}/api/notifications/events`, {
      headers: { authorization: `Bearer ${quiet}` },
    });
    expect(off.status).toBe(403);
    expectErrorEnvelope(await off.json(), 'FEAT_001');

    // Another tenant's id in X-Tenant-Id is refused like everywhere.
    const foreign = await fetch(`${base}/api/notifications/events`, {
      headers: { authorization: `Bearer ${midori}`, 'x-tenant-id': DEMO_TENANTS.sakura.id },
    });
    expect(foreign.status).toBe(403);
    expectErrorEnvelope(await foreign.json(), 'AUTH_005');
  });
});

describe('GET /api/notifications/events ends with its access token and with the server', () => {
  it('closes at token expiry, holds no database connection while open, and ends on shutdown', async () => {
    const server = await createTestServer({ config: { accessTokenTtlSeconds: 3 } });
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { access_token: token } = await server.signIn(DEMO_USERS.sakuraStaff.email);
      const started = Date.now();
      const expiring = await EventStreamReader.open(base, token);
      expect(await expiring.until(() => expiring.counts.length === 1)).toBe(true);
      // No transaction stays open behind the stream.
      const { rows } = await sql<{ open: string }>`
        select count(*) as open from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(
        server.database.owner,
      );
      expect(Number(rows[0]?.open)).toBe(0);
      expect(await expiring.until(() => expiring.ended, 5_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(4_500);

      const fresh = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
      const lasting = await EventStreamReader.open(base, fresh);
      expect(await lasting.until(() => lasting.counts.length === 1)).toBe(true);
      await server.app.close();
      expect(await lasting.until(() => lasting.ended, 2_000)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('sends `: keep-alive` on the interval, looks again each time, and closes the oldest beyond the cap', async () => {
    const database = await createTestDatabase();
    try {
      const session = await database.owner
        .insertInto('auth_sessions')
        .values({ user_id: DEMO_USERS.sakuraStaff.id, not_after: new Date(Date.now() + 3_600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const streams = new NotificationStreams(database.db, null, { keepAliveMs: 60, maxPerUser: 1 });
      const owner = {
        tenantId: DEMO_TENANTS.sakura.id,
        userId: DEMO_USERS.sakuraStaff.id,
        sessionId: session.id,
        tokenExpiresAt: new Date(Date.now() + 60_000),
      };
      const unread = await unreadOfUser(database, DEMO_USERS.sakuraStaff.id);
      const first = recordingSink();
      // Opened with a stale count: the first keep-alive's look corrects it.
      streams.open(owner, unread + 5).start(first.sink, STREAM_REQUEST);
      expect(first.written).toEqual([`event unread {"unread_count": ${unread + 5}}`]);
      // Waited for, not slept for: on a busy machine a look can take longer than a few intervals.
      await vi.waitFor(
        () => {
          expect(first.written.filter((line) => line === 'comment keep-alive').length).toBeGreaterThanOrEqual(
            2,
          );
          expect(first.written).toContain(`event unread {"unread_count": ${unread}}`);
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(first.sink.closed).toBe(false);

      const second = recordingSink();
      streams.open(owner, unread).start(second.sink, STREAM_REQUEST);
      expect(first.sink.closed).toBe(true);
      expect(streams.size).toBe(1);
      const settled = first.written.length;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(first.written.length).toBe(settled);

      // Signed out elsewhere: the next keep-alive's look ends the stream, with no change needed.
      await database.owner
        .updateTable('auth_sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', session.id)
        .execute();
      await vi.waitFor(
        () => {
          expect(second.sink.closed).toBe(true);
          expect(streams.size).toBe(0);
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await database.drop();
    }
  });
});

async function unreadOfUser(database: TestDatabase, userId: string): Promise<number> {
  const row = await database.owner
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .where('user_id', '=', userId)
    .where('tenant_id', '=', DEMO_TENANTS.sakura.id)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

function recordingSink() {
  const written: string[] = [];
  const listeners: Array<() => void> = [];
  let closed = false;
  const sink: EventStreamSink = {
    get closed() {
      return closed;
    },
    event: (name, data) => {
      if (!closed) written.push(`event ${name} ${data}`);
    },
    comment: (text) => {
      if (!closed) written.push(`comment ${text}`);
    },
    close: () => {
      if (closed) return;
      closed = true;
      for (const listener of listeners.splice(0)) listener();
    },
    onClose: (listener) => {
      listeners.push(listener);
    },
  };
  return { sink, written };
}
