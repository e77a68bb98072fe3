import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { getDigestSettings, sendDueDigests, updateDigestSettings } from './notification-digest';
import { toNotification } from './notifications.mapper';
import { countUnread } from './notifications.repository';
import { subscribeNotificationRules } from './notifications.rules';
import {
  getNotification,
  listNotifications,
  markNotification,
  markRead,
  notificationStats,
} from './notifications.service';
import { NotificationStreams } from './notifications.stream';

/**
 * Notifications: each user's own, made from the tenant's events (notifications.rules.ts), and the
 * daily mail of the unread ones where the tenant opts in.
 */
export function notificationsHandlers(dependencies: ModuleDependencies) {
  const { events, db, databaseNotifications, jobs, sessions, mailer, publicUrl, log } = dependencies;
  subscribeNotificationRules(events);
  const streams = new NotificationStreams(db, databaseNotifications);
  const mailConfigured = mailer !== null && publicUrl !== null;
  jobs.work('notifications.digest', async () => {
    const { sent, failed } = await sendDueDigests({ db, mailer, publicUrl, log }, sessions.now());
    if (sent + failed > 0) log?.info(`通知のまとめメール: ${sent} 通を送り、${failed} 通は送れませんでした`);
  });
  // Hourly: each tenant's digest goes out at the hour it chose, on its own clock.
  jobs.schedule('notifications.digest', '0 * * * *');
  return {
    async listNotifications({ query }, { tx, principal }) {
      const page = await listNotifications(
        tx,
        principal.userId,
        { unreadOnly: query.unread_only ?? false, category: query.category, type: query.type },
        { skip: query.skip ?? 0, limit: query.limit ?? 10 },
      );
      return {
        status: 200,
        body: {
          total: page.total,
          unread_count: page.unreadCount,
          notifications: page.notifications.map(toNotification),
        },
      };
    },

    async getNotificationStats(_input, { tx, principal }) {
      return { status: 200, body: await notificationStats(tx, principal.userId) };
    },

    // The first count is read in the request's transaction; the stream runs after it committed.
    async streamNotificationEvents(_input, { tx, tenant, principal, accessTokenExpiresAt }) {
      const owner = {
        tenantId: tenant.tenantId,
        userId: principal.userId,
        sessionId: principal.sessionId,
        tokenExpiresAt: accessTokenExpiresAt,
      };
      return { status: 200, body: streams.open(owner, await countUnread(tx, principal.userId)) };
    },

    async getNotification({ params }, { tx, principal }) {
      return { status: 200, body: toNotification(await getNotification(tx, principal.userId, params.id)) };
    },

    async updateNotification({ params, body }, { tx, principal }) {
      const row = await markNotification(tx, principal.userId, params.id, body.read, new Date());
      return { status: 200, body: toNotification(row) };
    },

    async markNotificationsAsRead({ body }, { tx, principal }) {
      return { status: 200, body: await markRead(tx, principal.userId, new Date(), body.notification_ids) };
    },

    async markAllNotificationsAsRead(_input, { tx, principal }) {
      return { status: 200, body: await markRead(tx, principal.userId, new Date()) };
    },

    async getNotificationDigestSettings(_input, { tx }) {
      return { status: 200, body: await getDigestSettings(tx, mailConfigured) };
    },

    async updateNotificationDigestSettings({ body }, { tx, principal, tenant }) {
      await updateDigestSettings(tx, body);
      await events.emit(tx, {
        type: 'tenant.notification_digest_updated',
        actorId: tenant.membership ? principal.userId : null,
        payload: { enabled: body.enabled, ...(body.hour === undefined ? {} : { hour: body.hour }) },
      });
      return { status: 200, body: await getDigestSettings(tx, mailConfigured) };
    },
  } satisfies ModuleHandlers;
}
