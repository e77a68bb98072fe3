import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { NotificationCategory, NotificationRow, NotificationType } from './notifications.tables';

/** The words of one notification; who gets it is decided apart. */
export interface NotificationContent {
  title: string;
  message: string;
  type: NotificationType;
  category: NotificationCategory;
  link: string | null;
}

/** Everybody of the tenant who reads notifications, or only some of them; never the actor. */
export type Audience = { kind: 'members' } | { kind: 'users'; userIds: string[] };

/**
 * PostgreSQL delivers this channel's messages on commit only: listeners hear of committed news.
 * The message is `<tenantId>` (notifications were added there) or `<tenantId>:<userId>` (that
 * user's read state changed).
 */
export const NOTIFICATIONS_CHANNEL = 'tsumiki_notifications';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MESSAGE = new RegExp(`^(${UUID})(?::(${UUID}))?$`, 'i');

export function parseNotificationsMessage(
  payload: string,
): { tenantId: string; userId: string | null } | null {
  const match = MESSAGE.exec(payload);
  return match ? { tenantId: match[1]!.toLowerCase(), userId: match[2]?.toLowerCase() ?? null } : null;
}

/**
 * Tells listening processes (on commit) to look at the user's streams again: the read state
 * changed, or the membership did (a disabled user's streams close).
 */
export async function notifyUserStreams(tx: TenantTransaction, userId: string): Promise<void> {
  await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${`${tx.tenantId}:${userId}`})`.execute(tx);
}

/**
 * One notification per active member with notifications.read in the audience, except the actor
 * (nobody needs to hear of what they did themselves). Returns who got one.
 */
export async function insertNotifications(
  tx: TenantTransaction,
  input: { eventId: string; actorId: string | null; audience: Audience; content: NotificationContent },
): Promise<string[]> {
  const { eventId, actorId, audience, content } = input;
  if (audience.kind === 'users' && audience.userIds.length === 0) return [];
  let members = tx
    .selectFrom('tenant_users')
    .where('tenant_id', '=', tx.tenantId)
    .where('status', '=', 'active')
    .where(sql<boolean>`'notifications.read' = any(permissions)`);
  if (actorId !== null) members = members.where('user_id', '<>', actorId);
  if (audience.kind === 'users') members = members.where('user_id', 'in', audience.userIds);
  const rows = await tx
    .insertInto('notifications')
    .columns(['tenant_id', 'user_id', 'event_id', 'title', 'message', 'type', 'category', 'link'])
    .expression(
      members.select([
        'tenant_id',
        'user_id',
        sql<string>`${eventId}::uuid`.as('event_id'),
        sql<string>`${content.title}`.as('title'),
        sql<string>`${content.message}`.as('message'),
        sql<string>`${content.type}`.as('type'),
        sql<string>`${content.category}`.as('category'),
        sql<string | null>`${content.link}`.as('link'),
      ]),
    )
    .returning('user_id')
    .execute();
  if (rows.length > 0) await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${tx.tenantId})`.execute(tx);
  return rows.map((row) => row.user_id);
}

export interface NotificationFilter {
  unreadOnly: boolean;
  category?: NotificationCategory | undefined;
  type?: NotificationType | undefined;
}

function inbox(tx: TenantTransaction, userId: string) {
  return tx.selectFrom('notifications').where('tenant_id', '=', tx.tenantId).where('user_id', '=', userId);
}

/** One page of the user's notifications, newest first, with the filtered and the unread totals. */
export async function findNotificationPage(
  tx: TenantTransaction,
  userId: string,
  filter: NotificationFilter,
  page: { skip: number; limit: number },
): Promise<{ total: number; unreadCount: number; notifications: NotificationRow[] }> {
  let filtered = inbox(tx, userId);
  if (filter.unreadOnly) filtered = filtered.where('read_at', 'is', null);
  if (filter.category) filtered = filtered.where('category', '=', filter.category);
  if (filter.type) filtered = filtered.where('type', '=', filter.type);
  const { total } = await filtered.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const notifications = await filtered
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.skip)
    .limit(page.limit)
    .execute();
  return { total: Number(total), unreadCount: await countUnread(tx, userId), notifications };
}

/** Totals by category and by type, each with its unread part. */
export async function countNotifications(tx: TenantTransaction, userId: string) {
  return inbox(tx, userId)
    .select([
      'category',
      'type',
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where read_at is null)`.as('unread'),
    ])
    .groupBy(['category', 'type'])
    .execute();
}

export async function findNotification(
  tx: TenantTransaction,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  return inbox(tx, userId).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Read (keeping the first time it was read) or unread again. */
export async function setNotificationRead(
  tx: TenantTransaction,
  userId: string,
  id: string,
  read: boolean,
  at: Date,
): Promise<NotificationRow | undefined> {
  const row = await tx
    .updateTable('notifications')
    .set({ read_at: read ? sql<Date>`coalesce(read_at, ${at})` : null })
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (row) await notifyUserStreams(tx, userId);
  return row;
}

/** Marks unread notifications of the user read (all, or those of `ids`); returns how many. */
export async function markNotificationsRead(
  tx: TenantTransaction,
  userId: string,
  at: Date,
  ids?: string[],
): Promise<number> {
  let update = tx
    .updateTable('notifications')
    .set({ read_at: at })
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) update = update.where('id', 'in', ids);
  const result = await update.executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  if (updated > 0) await notifyUserStreams(tx, userId);
  return updated;
}

export async function countUnread(tx: TenantTransaction, userId: string): Promise<number> {
  const { unread } = await inbox(tx, userId)
    .where('read_at', 'is', null)
    .select(sql<string>`count(*)`.as('unread'))
    .executeTakeFirstOrThrow();
  return Number(unread);
}
