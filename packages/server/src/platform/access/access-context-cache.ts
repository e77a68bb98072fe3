import type { FastifyInstance } from 'fastify';
import type { ChannelListener } from '../events/database-notifications';
import type { RequestAccess } from './request-access';

/**
 * The channel the access-context triggers (migration 0035) notify: `s:<session id>`,
 * `u:<user id>` or `t:<tenant id>` — what changed in auth_sessions, users, tenant_users,
 * tenants or tenant_features.
 */
export const ACCESS_CONTEXT_CHANNEL = 'tsumiki_access_context';

/**
 * The safety net: an entry is used for at most this long, even when no notification came (a
 * LISTEN connection that died without the process noticing yet). Revocation and disabling take
 * effect on every process within this bound, and within the notification's delivery (a few ms)
 * normally.
 */
export const ACCESS_CONTEXT_TTL_MS = 1_000;

/** At most this many entries (sessions × requested tenants); the oldest goes first. */
const MAX_ENTRIES = 10_000;

/** What the cache needs of the LISTEN connection (platform/events/database-notifications.ts). */
export interface AccessContextNotifications {
  readonly connected: boolean;
  subscribe(channel: string, listener: ChannelListener): () => void;
}

interface Entry {
  access: RequestAccess;
  sessionId: string;
  userId: string;
  /** The requested tenant and the tenants of the memberships: a change of any of them drops it. */
  tenantIds: ReadonlySet<string>;
  expiresAt: number;
}

/**
 * The access contexts (session → user → memberships → permissions, feature switches, two-factor
 * policies) this process read lately, so that a read costs its read batch alone. Safe because:
 * - every change of a table the context comes from notifies ACCESS_CONTEXT_CHANNEL (triggers, so
 *   no writer can forget), and the entries it concerns are dropped on delivery;
 * - while the LISTEN connection is down or not up yet, the cache is neither read nor filled, and
 *   when it (re)connects everything is dropped (what was sent meanwhile is lost);
 * - a context read before a change but stored after its notification is not stored (generation);
 * - a write request through this process drops every entry before its response is sent, so this
 *   process never answers from what it knew before its own write;
 * - an entry lives ACCESS_CONTEXT_TTL_MS at most, and never past its session's end.
 * Only found contexts are kept: a session not found is looked up again every time.
 */
export class AccessContextCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads under way, by key, with the generation they began in. */
  private readonly reading = new Map<
    string,
    { generation: number; promise: Promise<RequestAccess | undefined> }
  >();
  private currentGeneration = 0;

  constructor(
    private readonly notifications: AccessContextNotifications,
    private readonly clock: () => number = Date.now,
  ) {
    notifications.subscribe(ACCESS_CONTEXT_CHANNEL, (payload) => this.onNotification(payload));
  }

  /** Changes whenever entries may have gone stale: take it before reading, pass it to store(). */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sessionId: string, userId: string, requestedTenantId: string | undefined): RequestAccess | undefined {
    if (!this.notifications.connected) return undefined;
    const key = keyOf(sessionId, userId, requestedTenantId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.access;
  }

  /** Keeps a context read from the database, unless anything changed since `generation`. */
  store(
    generation: number,
    requestedTenantId: string | undefined,
    access: RequestAccess,
    sessionEndsAt: number,
  ): void {
    if (generation !== this.currentGeneration || !this.notifications.connected) return;
    const { sessionId, userId } = access.principal;
    const tenantIds = new Set(access.memberships.map((membership) => membership.tenant_id));
    if (requestedTenantId !== undefined) tenantIds.add(requestedTenantId);
    const key = keyOf(sessionId, userId, requestedTenantId);
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, {
      access,
      sessionId,
      userId,
      tenantIds,
      expiresAt: Math.min(this.clock() + ACCESS_CONTEXT_TTL_MS, sessionEndsAt),
    });
  }

  /**
   * The context from the cache, else from `read` — one read per key at a time: requests that miss
   * while a read of the same key (begun in the current generation) is under way wait for it
   * instead of each sending the same statement (after an expiry, every concurrent request of one
   * user would otherwise miss at once).
   */
  async load(
    sessionId: string,
    userId: string,
    requestedTenantId: string | undefined,
    read: () => Promise<{ access: RequestAccess; sessionEndsAt: number } | undefined>,
  ): Promise<RequestAccess | undefined> {
    const cached = this.get(sessionId, userId, requestedTenantId);
    if (cached) return cached;
    if (!this.notifications.connected) return (await read())?.access;
    const key = keyOf(sessionId, userId, requestedTenantId);
    const generation = this.currentGeneration;
    const pending = this.reading.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = read().then((result) => {
      if (result) this.store(generation, requestedTenantId, result.access, result.sessionEndsAt);
      return result?.access;
    });
    this.reading.set(key, { generation, promise });
    const forget = () => {
      if (this.reading.get(key)?.promise === promise) this.reading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Drops every entry (a write through this process, a LISTEN (re)connection). */
  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }

  private onNotification(payload: string | null): void {
    if (payload === null) {
      this.clear();
      return;
    }
    this.currentGeneration += 1;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    for (const [key, entry] of this.entries) {
      const concerned =
        kind === 's:'
          ? entry.sessionId === id
          : kind === 'u:'
            ? entry.userId === id
            : kind === 't:'
              ? entry.tenantIds.has(id)
              : true; // unknown: drop all rather than guess
      if (concerned) this.entries.delete(key);
    }
  }
}

function keyOf(sessionId: string, userId: string, requestedTenantId: string | undefined): string {
  return `${sessionId}|${userId}|${requestedTenantId ?? ''}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's access-context cache; absent without a LISTEN connection (no database URL). */
    accessContextCache?: AccessContextCache;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Gives `app` an access-context cache invalidated by `notifications` (the access hooks pass it to
 * loadRequestAccess), and drops it on every write request through `app` before the response
 * leaves. Install before the routes are registered, so that every route (the sign-out of /auth/v1
 * too) has the hook.
 */
export function installAccessContextCache(
  app: FastifyInstance,
  notifications: AccessContextNotifications,
): AccessContextCache {
  const cache = new AccessContextCache(notifications);
  app.decorate('accessContextCache', cache);
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) cache.clear();
  });
  return cache;
}
