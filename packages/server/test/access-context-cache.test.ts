/**
 * The per-process access-context cache on its own, with a stand-in for the LISTEN connection
 * (what it is told and whether it is up) and a hand-moved clock: what it keeps, what a
 * notification drops, that it is bypassed while the connection is down, the generation guard
 * and the expiry. The triggers that send the real notifications are tested against PostgreSQL in
 * access-context-notifications.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_CONTEXT_CHANNEL,
  ACCESS_CONTEXT_TTL_MS,
  AccessContextCache,
} from '../src/platform/access/access-context-cache';
import type { RequestAccess } from '../src/platform/access/request-access';
import type { ChannelListener } from '../src/platform/events/database-notifications';

const TENANT = '11111111-1111-4111-8111-111111111111';
const OTHER_TENANT = '22222222-2222-4222-8222-222222222222';

function fakeNotifications() {
  const listeners = new Map<string, ChannelListener>();
  return {
    connected: true,
    subscribe(channel: string, listener: ChannelListener) {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    },
    send(payload: string | null) {
      listeners.get(ACCESS_CONTEXT_CHANNEL)?.(payload);
    },
  };
}

function accessOf(sessionId: string, userId: string, tenantIds: string[]): RequestAccess {
  return {
    principal: {
      userId,
      sessionId,
      email: `${userId}@example.com`,
      fullName: null,
      isSystemAdmin: false,
      isSuperAdmin: false,
      isAgencyUser: false,
    },
    memberships: tenantIds.map((tenantId) => ({
      tenant_id: tenantId,
      tenant_name: 'テスト',
      plan: 'standard',
      time_zone: 'Asia/Tokyo',
      role: 'staff',
      permissions: ['customers.read'],
    })) as RequestAccess['memberships'],
    featureSwitches: new Map(),
    requestedTenantExists: true,
    aal: 'aal1',
    mfaPolicies: new Map(),
  };
}

function setUp() {
  const notifications = fakeNotifications();
  let now = 1_000_000;
  const cache = new AccessContextCache(notifications, () => now);
  const far = now + 3_600_000;
  const put = (sessionId: string, userId: string, tenants: string[], requested?: string) =>
    cache.store(cache.generation, requested, accessOf(sessionId, userId, tenants), far);
  return { notifications, cache, put, advance: (ms: number) => (now += ms), far };
}

describe('the access-context cache', () => {
  it('answers what it was given for the same session, user and requested tenant only', () => {
    const { cache, put } = setUp();
    put('s1', 'u1', [TENANT], TENANT);
    expect(cache.get('s1', 'u1', TENANT)?.principal.userId).toBe('u1');
    expect(cache.get('s1', 'u1', undefined)).toBeUndefined();
    expect(cache.get('s1', 'u2', TENANT)).toBeUndefined();
    expect(cache.get('s2', 'u1', TENANT)).toBeUndefined();
  });

  it('drops the session, the user, or the tenant a notification names — and nothing else', () => {
    const { cache, put, notifications } = setUp();
    put('s1', 'u1', [TENANT]);
    put('s2', 'u2', [TENANT]);
    put('s3', 'u3', [OTHER_TENANT]);
    put('s4', 'u4', [], OTHER_TENANT);
    notifications.send('s:s1');
    expect(cache.get('s1', 'u1', undefined)).toBeUndefined();
    expect(cache.get('s2', 'u2', undefined)).toBeDefined();
    notifications.send('u:u2');
    expect(cache.get('s2', 'u2', undefined)).toBeUndefined();
    expect(cache.get('s3', 'u3', undefined)).toBeDefined();
    // A tenant of the memberships, or the one requested (a system administrator's).
    notifications.send(`t:${OTHER_TENANT}`);
    expect(cache.get('s3', 'u3', undefined)).toBeUndefined();
    expect(cache.get('s4', 'u4', OTHER_TENANT)).toBeUndefined();
  });

  it('drops everything on a message it does not know and when the connection comes (back)', () => {
    const { cache, put, notifications } = setUp();
    put('s1', 'u1', [TENANT]);
    notifications.send('x:whatever');
    expect(cache.size).toBe(0);
    put('s1', 'u1', [TENANT]);
    notifications.send(null);
    expect(cache.size).toBe(0);
  });

  it('is neither read nor filled while the LISTEN connection is down', () => {
    const { cache, put, notifications } = setUp();
    put('s1', 'u1', [TENANT]);
    notifications.connected = false;
    expect(cache.get('s1', 'u1', undefined)).toBeUndefined();
    put('s2', 'u2', [TENANT]);
    notifications.connected = true;
    expect(cache.get('s2', 'u2', undefined)).toBeUndefined();
  });

  it('does not keep a context read before a change whose notification came while reading', () => {
    const { cache, notifications, far } = setUp();
    const before = cache.generation;
    notifications.send('s:unrelated');
    cache.store(before, undefined, accessOf('s1', 'u1', [TENANT]), far);
    expect(cache.get('s1', 'u1', undefined)).toBeUndefined();
    cache.clear();
    expect(cache.generation).not.toBe(before);
  });

  it(`forgets an entry after ${ACCESS_CONTEXT_TTL_MS} ms, and at its session's end if sooner`, () => {
    const { cache, put, advance } = setUp();
    put('s1', 'u1', [TENANT]);
    advance(ACCESS_CONTEXT_TTL_MS - 1);
    expect(cache.get('s1', 'u1', undefined)).toBeDefined();
    advance(1);
    expect(cache.get('s1', 'u1', undefined)).toBeUndefined();
    const ending = Date.now();
    const clocked = new AccessContextCache(fakeNotifications(), () => ending);
    clocked.store(clocked.generation, undefined, accessOf('s9', 'u9', []), ending + 10);
    expect(clocked.get('s9', 'u9', undefined)).toBeDefined();
    const ended = new AccessContextCache(fakeNotifications(), () => ending + 10);
    ended.store(ended.generation, undefined, accessOf('s9', 'u9', []), ending + 10);
    expect(ended.get('s9', 'u9', undefined)).toBeUndefined();
  });
});

describe('reading a context through the cache', () => {
  it('sends one read for concurrent misses of one key, and keeps what it read', async () => {
    const { cache, far } = setUp();
    let reads = 0;
    let finish: () => void = () => {};
    const read = () =>
      new Promise<{ access: RequestAccess; sessionEndsAt: number }>((resolve) => {
        reads += 1;
        finish = () => resolve({ access: accessOf('s1', 'u1', [TENANT]), sessionEndsAt: far });
      });
    const first = cache.load('s1', 'u1', undefined, read);
    const second = cache.load('s1', 'u1', undefined, read);
    finish();
    expect((await first)?.principal.userId).toBe('u1');
    expect(await second).toBe(await first);
    expect(reads).toBe(1);
    expect(cache.get('s1', 'u1', undefined)).toBeDefined();
  });

  it('does not let a request that missed after a notification wait for a read begun before it', async () => {
    const { cache, notifications, far } = setUp();
    let reads = 0;
    const finishers: Array<() => void> = [];
    const read = () =>
      new Promise<{ access: RequestAccess; sessionEndsAt: number }>((resolve) => {
        reads += 1;
        finishers.push(() => resolve({ access: accessOf('s1', 'u1', [TENANT]), sessionEndsAt: far }));
      });
    const before = cache.load('s1', 'u1', undefined, read);
    notifications.send('u:u1');
    const after = cache.load('s1', 'u1', undefined, read);
    for (const finish of finishers) finish();
    await Promise.all([before, after]);
    expect(reads).toBe(2);
    // The read begun before the notification is not kept; the one after it is.
    expect(cache.get('s1', 'u1', undefined)).toBeDefined();
  });

  it('reads every time, without waiting for others, while the LISTEN connection is down', async () => {
    const { cache, notifications, far } = setUp();
    notifications.connected = false;
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { access: accessOf('s1', 'u1', [TENANT]), sessionEndsAt: far };
    };
    await Promise.all([cache.load('s1', 'u1', undefined, read), cache.load('s1', 'u1', undefined, read)]);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
