import type { components } from '@tsumiki/api-client/schema';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { getFeatureSwitches } from '../../platform/access/features';
import { localHour } from '../../platform/access/time-zone';
import type { Db } from '../../platform/db/database';
import { type TenantTransaction, withTenant } from '../../platform/db/tenant-scope';
import type { Mailer } from '../../platform/mail/mailer';
import { type DigestGroup, digestMail } from './notification-digest.mail';

type Schemas = components['schemas'];

/** The hour a tenant that opts in without choosing gets its digest: before the clinic opens. */
const DEFAULT_HOUR = 8;
/** A member's first digest lists the last day's unread notifications, later ones what came since. */
const FIRST_DIGEST_HOURS = 24;
/** However long since the last digest, a digest lists at most this week's notifications. */
const OLDEST_DAYS = 7;

/** The tenant's digest setting, and whether the server can mail at all. */
export async function getDigestSettings(
  tx: TenantTransaction,
  mailConfigured: boolean,
): Promise<Schemas['NotificationDigestSettings']> {
  const row = await tx
    .selectFrom('notification_digest_settings')
    .select(['enabled', 'hour', 'last_sent_at'])
    .where('tenant_id', '=', tx.tenantId)
    .executeTakeFirst();
  return {
    enabled: row?.enabled ?? false,
    hour: row?.hour ?? DEFAULT_HOUR,
    mail_configured: mailConfigured,
    last_sent_at: row?.last_sent_at?.toISOString() ?? null,
  };
}

/** Switches the digest on or off (and its hour, when given; else it keeps the one it had). */
export async function updateDigestSettings(
  tx: TenantTransaction,
  update: Schemas['NotificationDigestUpdate'],
): Promise<void> {
  const hour = update.hour === undefined ? {} : { hour: update.hour };
  await tx
    .insertInto('notification_digest_settings')
    .values({ tenant_id: tx.tenantId, enabled: update.enabled, ...hour })
    .onConflict((conflict) =>
      conflict.column('tenant_id').doUpdateSet({ enabled: update.enabled, ...hour, updated_at: sql`now()` }),
    )
    .execute();
}

/** One member's unread notifications since their last digest, by kind. */
interface MemberDigest {
  userId: string;
  email: string;
  name: string | null;
  groups: DigestGroup[];
  /** The newest of them, to the microsecond (as PostgreSQL wrote it): the next digest starts after it. */
  through: string;
}

async function unreadSinceLastDigest(tx: TenantTransaction, now: Date): Promise<MemberDigest[]> {
  const firstFrom = new Date(now.getTime() - FIRST_DIGEST_HOURS * 3_600_000);
  const oldest = new Date(now.getTime() - OLDEST_DAYS * 86_400_000);
  const rows = await tx
    .selectFrom('notifications as n')
    .innerJoin('tenant_users as member', (join) =>
      join.onRef('member.tenant_id', '=', 'n.tenant_id').onRef('member.user_id', '=', 'n.user_id'),
    )
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('notification_digest_deliveries as d', (join) =>
      join.onRef('d.tenant_id', '=', 'n.tenant_id').onRef('d.user_id', '=', 'n.user_id'),
    )
    .where('n.tenant_id', '=', tx.tenantId)
    .where('n.read_at', 'is', null)
    .where('n.created_at', '<=', now)
    .where('n.created_at', '>', oldest)
    .where(sql<boolean>`n.created_at > coalesce(d.through, ${firstFrom})`)
    .where('member.status', '=', 'active')
    .where(sql<boolean>`'notifications.read' = any(member.permissions)`)
    .groupBy(['n.user_id', 'u.email', 'u.full_name', 'n.title'])
    .select([
      'n.user_id as userId',
      'u.email as email',
      'u.full_name as name',
      'n.title as title',
      sql<number>`count(*)::int`.as('count'),
      sql<Date>`max(n.created_at)`.as('latestAt'),
      sql<string>`(max(max(n.created_at)) over (partition by n.user_id))::text`.as('through'),
    ])
    .orderBy('latestAt', 'desc')
    .execute();
  const members = new Map<string, MemberDigest>();
  for (const row of rows) {
    const member: MemberDigest = members.get(row.userId) ?? {
      userId: row.userId,
      email: row.email,
      name: row.name,
      groups: [],
      through: row.through,
    };
    member.groups.push({ title: row.title, count: row.count, latestAt: row.latestAt });
    members.set(row.userId, member);
  }
  return [...members.values()];
}

export interface DigestServices {
  db: Db;
  mailer: Mailer | null;
  publicUrl: string | null;
  log?: FastifyBaseLogger | undefined;
}

/**
 * Mails each member of every tenant whose digest hour it is (on its own clock) the kinds and counts
 * of their notifications still unread since their last digest; members with none get nothing.
 * Runs hourly (notifications.digest). A refused mail is logged and that member gets the same news
 * with the next digest; the others are not held up. Without a mail server it does nothing.
 */
export async function sendDueDigests(
  services: DigestServices,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  const { db, mailer, publicUrl, log } = services;
  const result = { sent: 0, failed: 0 };
  if (!mailer || !publicUrl) return result;
  const tenants = await db.selectFrom('tenants').select(['id', 'name', 'time_zone']).execute();
  for (const tenant of tenants) {
    const due = await withTenant(db, tenant.id, async (tx) => {
      const settings = await getDigestSettings(tx, true);
      if (!settings.enabled || settings.hour !== localHour(now, tenant.time_zone)) return null;
      if (!(await getFeatureSwitches(tx)).notifications) return null;
      return { hour: settings.hour, members: await unreadSinceLastDigest(tx, now) };
    });
    if (!due) continue;
    for (const member of due.members) {
      const total = member.groups.reduce((sum, group) => sum + group.count, 0);
      const mail = digestMail({
        to: member.email,
        name: member.name,
        tenantName: tenant.name,
        timeZone: tenant.time_zone,
        hour: due.hour,
        total,
        groups: member.groups,
        link: `${publicUrl}/notifications`,
      });
      try {
        await mailer.send(mail);
      } catch (error) {
        log?.warn(
          { err: error, tenant_id: tenant.id, user_id: member.userId },
          '通知のまとめメールを送れませんでした',
        );
        result.failed += 1;
        continue;
      }
      result.sent += 1;
      const through = sql<Date>`${member.through}::timestamptz`;
      await withTenant(db, tenant.id, async (tx) => {
        await tx
          .insertInto('notification_digest_deliveries')
          .values({ tenant_id: tx.tenantId, user_id: member.userId, through, notification_count: total })
          .onConflict((conflict) =>
            conflict
              .columns(['tenant_id', 'user_id'])
              .doUpdateSet({ through, notification_count: total, sent_at: sql`now()` }),
          )
          .execute();
        await tx
          .updateTable('notification_digest_settings')
          .set({ last_sent_at: now })
          .where('tenant_id', '=', tx.tenantId)
          .execute();
      });
    }
  }
  return result;
}
