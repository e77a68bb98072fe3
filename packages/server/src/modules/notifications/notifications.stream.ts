import { assertPermission } from '../../platform/access/access';
import { mfaRequired } from '../../platform/access/mfa-policy';
import {
  chooseTenant,
  isFeatureOn,
  loadRequestAccess,
  mfaPolicyOf,
} from '../../platform/access/request-access';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';
import type { DatabaseNotifications } from '../../platform/events/database-notifications';
import { EventStreamResponse, type EventStreamSink } from '../../platform/http/event-stream';
import { countUnread, NOTIFICATIONS_CHANNEL, parseNotificationsMessage } from './notifications.repository';

/** Who a stream is for, and until when its access token lets it run. */
export interface StreamOwner {
  tenantId: string;
  userId: string;
  sessionId: string;
  tokenExpiresAt: Date;
}

export interface NotificationStreamOptions {
  /** Changes within this window become one look at the count (ms). */
  debounceMs?: number;
  /** Interval of `: keep-alive` comments (ms). */
  keepAliveMs?: number;
  /** Streams one user may have open in this process; the oldest is closed to make room. */
  maxPerUser?: number;
}

// The operation's x-feature and x-permission (openapi.yaml), checked again before each look.
const FEATURE = 'notifications';
const PERMISSION = 'notifications.read';

/** Streams re-reading their count at the same time, at most (the pool has 10 connections). */
const MAX_CONCURRENT_LOOKS = 3;
/** Over how long a change for many streams at once is spread, in ms. */
const SPREAD_MS = 1000;
const unreadData = (count: number) => `{"unread_count": ${count}}`;

/**
 * The live `GET /api/notifications/events` streams of this process. One LISTEN connection
 * (DatabaseNotifications) hears of changes by tenant (`<tenantId>`: new notifications there;
 * `<tenantId>:<userId>`: that user's read state changed); each stream of that tenant (or user)
 * then reads its own unread count again through the tenant-scoped path row-level security applies
 * to — after checking that the session, membership, feature and permission still hold, else it
 * closes — and sends it when it changed. Every keep-alive does the same.
 */
export class NotificationStreams {
  private readonly byTenant = new Map<string, Set<Subscriber>>();
  private readonly byUser = new Map<string, Subscriber[]>();
  private looking = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly debounceMs: number;
  private readonly keepAliveMs: number;
  private readonly maxPerUser: number;

  constructor(
    private readonly db: Db,
    notifications: DatabaseNotifications | null,
    options: NotificationStreamOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 250;
    this.keepAliveMs = options.keepAliveMs ?? 25_000;
    this.maxPerUser = options.maxPerUser ?? 5;
    notifications?.subscribe(NOTIFICATIONS_CHANNEL, (payload) => this.onMessage(payload));
  }

  /** Open streams (for tests and diagnostics). */
  get size(): number {
    let size = 0;
    for (const set of this.byTenant.values()) size += set.size;
    return size;
  }

  /** The response of one stream, starting from the count read in the request's transaction. */
  open(owner: StreamOwner, unreadCount: number): EventStreamResponse {
    return new EventStreamResponse((sink) => this.attach(new Subscriber(this, owner, sink, unreadCount)));
  }

  private attach(subscriber: Subscriber): void {
    const { tenantId, userId } = subscriber.owner;
    const tenant = this.byTenant.get(tenantId) ?? new Set();
    this.byTenant.set(tenantId, tenant);
    tenant.add(subscriber);
    const own = this.byUser.get(userId) ?? [];
    this.byUser.set(userId, own);
    own.push(subscriber);
    subscriber.sink.onClose(() => this.detach(subscriber));
    // Oldest first: a user with too many tabs keeps the newest ones.
    for (const oldest of own.slice(0, Math.max(0, own.length - this.maxPerUser))) oldest.sink.close();
    subscriber.start(this.keepAliveMs);
  }

  private detach(subscriber: Subscriber): void {
    subscriber.stop();
    const { tenantId, userId } = subscriber.owner;
    const tenant = this.byTenant.get(tenantId);
    tenant?.delete(subscriber);
    if (tenant?.size === 0) this.byTenant.delete(tenantId);
    const own = (this.byUser.get(userId) ?? []).filter((candidate) => candidate !== subscriber);
    if (own.length === 0) this.byUser.delete(userId);
    else this.byUser.set(userId, own);
  }

  private onMessage(payload: string | null): void {
    // A change for many streams at once (a tenant-wide notification, the LISTEN connection back)
    // has them look over a second rather than in the same instant.
    const spread = () => this.debounceMs + Math.random() * SPREAD_MS;
    if (payload === null) {
      for (const tenant of this.byTenant.values()) for (const subscriber of tenant) subscriber.poke(spread());
      return;
    }
    const message = parseNotificationsMessage(payload);
    if (!message) return;
    for (const subscriber of this.byTenant.get(message.tenantId) ?? []) {
      if (message.userId === null) subscriber.poke(spread());
      else if (message.userId === subscriber.owner.userId) subscriber.poke(this.debounceMs);
    }
  }

  /** The unread count now, or null when the owner may no longer read notifications there. */
  async currentCount(owner: StreamOwner): Promise<number | null> {
    // A few looks at a time, so that the streams never hold the pool's connections that
    // requests need.
    while (this.looking >= MAX_CONCURRENT_LOOKS)
      await new Promise<void>((resume) => this.waiting.push(resume));
    this.looking += 1;
    try {
      return await this.look(owner);
    } finally {
      this.looking -= 1;
      this.waiting.shift()?.();
    }
  }

  private async look(owner: StreamOwner): Promise<number | null> {
    const access = await loadRequestAccess(
      this.db,
      { userId: owner.userId, sessionId: owner.sessionId },
      owner.tenantId,
    );
    if (!access) return null;
    try {
      const tenant = chooseTenant(access, owner.tenantId);
      // A policy switched on while the stream is open: it stops until the second factor is verified.
      if (
        access.aal !== 'aal2' &&
        mfaRequired(mfaPolicyOf(access, owner.tenantId), tenant.membership?.role ?? null)
      ) {
        return null;
      }
      if (!isFeatureOn(access, owner.tenantId, FEATURE)) return null;
      assertPermission(access.principal, tenant, PERMISSION);
    } catch {
      return null;
    }
    return withTenant(this.db, owner.tenantId, (tx) => countUnread(tx, owner.userId));
  }
}

class Subscriber {
  private timer: NodeJS.Timeout | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private expiry: NodeJS.Timeout | null = null;
  private looking = false;
  private again = false;

  constructor(
    private readonly streams: NotificationStreams,
    readonly owner: StreamOwner,
    readonly sink: EventStreamSink,
    private lastCount: number,
  ) {}

  start(keepAliveMs: number): void {
    if (this.sink.closed) return;
    this.sink.event('unread', unreadData(this.lastCount));
    // Each keep-alive also looks again: a session revoked elsewhere (sign-out everywhere, a
    // password change) or a permission taken away ends the stream within one interval, and a
    // change missed for any reason reaches the screen.
    this.keepAlive = setInterval(() => {
      this.sink.comment('keep-alive');
      this.poke(0);
    }, keepAliveMs);
    // The client reconnects with a fresh token; a stream never outlives the token that opened it.
    const remaining = this.owner.tokenExpiresAt.getTime() - Date.now();
    this.expiry = setTimeout(() => this.sink.close(), Math.max(0, Math.min(remaining, 2 ** 31 - 1)));
  }

  stop(): void {
    for (const timer of [this.timer, this.expiry]) if (timer) clearTimeout(timer);
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.timer = this.keepAlive = this.expiry = null;
  }

  /** Something may have changed: look once the burst is over (one look at a time). */
  poke(debounceMs: number): void {
    if (this.sink.closed) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.timer ??= setTimeout(() => void this.look(debounceMs), debounceMs);
  }

  private async look(debounceMs: number): Promise<void> {
    this.timer = null;
    if (this.sink.closed) return;
    this.looking = true;
    try {
      const count = await this.streams.currentCount(this.owner);
      if (count === null) {
        this.sink.close();
        return;
      }
      if (count !== this.lastCount) {
        this.lastCount = count;
        this.sink.event('unread', unreadData(count));
      }
    } catch {
      // The database is unreachable: the LISTEN connection's return makes every stream look again.
    } finally {
      this.looking = false;
      if (this.again) {
        this.again = false;
        this.poke(debounceMs);
      }
    }
  }
}
