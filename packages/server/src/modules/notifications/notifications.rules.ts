import { INTERACTION_TYPE_LABELS, ROLE_LABELS } from '@tsumiki/api-client';
import type { Role } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { DomainEvents, RecordedEvent } from '../../platform/events/domain-events';
import type { InteractionType } from '../interactions';
import { type Audience, insertNotifications, type NotificationContent } from './notifications.repository';

/**
 * Which events become notifications, for whom, in which words. Only what someone else did is
 * news: the actor never gets a notification of their own change. Each rule reads what it needs
 * from the event's payload, which the emitting module fills (see customers.handlers.ts).
 */
type Rule = (
  event: RecordedEvent,
  actorName: string,
) => { audience: Audience; content: NotificationContent } | null;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const userIds = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

export const NOTIFICATION_RULES: Record<string, Rule> = {
  'customer.created': (event, actor) => ({
    audience: { kind: 'members' },
    content: {
      title: '顧客が登録されました',
      message: `${actor}さんが「${text(event.payload.name)}」さんを登録しました。`,
      type: 'info',
      category: 'customer',
      link: `/customers/${event.subjectId}`,
    },
  }),
  'customer.updated': (event, actor) => {
    const assignee = text(event.payload.assignee_user_id);
    if (!assignee) return null;
    const assigned = event.payload.assignee_changed === true;
    return {
      audience: { kind: 'users', userIds: [assignee] },
      content: assigned
        ? {
            title: '顧客の担当になりました',
            message: `${actor}さんが「${text(event.payload.name)}」さんの担当にあなたを設定しました。`,
            type: 'info',
            category: 'customer',
            link: `/customers/${event.subjectId}`,
          }
        : {
            title: '担当の顧客が更新されました',
            message: `${actor}さんが「${text(event.payload.name)}」さんの情報を更新しました。`,
            type: 'info',
            category: 'customer',
            link: `/customers/${event.subjectId}`,
          },
    };
  },
  'customer.deleted': (event, actor) => ({
    audience: { kind: 'users', userIds: userIds(event.payload.assignee_user_id) },
    content: {
      title: '担当の顧客が削除されました',
      message: `${actor}さんが「${text(event.payload.name)}」さんを削除しました。30 日間はゴミ箱から元に戻せます（顧客一覧の「ゴミ箱」、または管理者に依頼）。`,
      type: 'warning',
      category: 'customer',
      link: null,
    },
  }),
  'customer.imported': (event, actor) => ({
    audience: { kind: 'members' },
    content: {
      title: '顧客を CSV から取り込みました',
      message: `${actor}さんが ${Number(event.payload.count ?? 0).toLocaleString('ja-JP')} 件の顧客を取り込みました。`,
      type: 'success',
      category: 'customer',
      link: '/customers',
    },
  }),
  'interaction.created': (event, actor) => ({
    audience: { kind: 'users', userIds: userIds(event.payload.assignee_user_id) },
    content: {
      title: '担当の顧客に対応履歴が追加されました',
      message: `${actor}さんが「${text(event.payload.customer_name)}」さんの対応履歴（${
        INTERACTION_TYPE_LABELS[text(event.payload.interaction_type) as InteractionType] ?? 'その他'
      }）を記録しました。${text(event.payload.summary) ? `概要: ${text(event.payload.summary)}` : ''}`,
      type: 'info',
      category: 'interaction',
      link: `/customers/${text(event.payload.customer_id)}`,
    },
  }),
  // The tenant's admins hear that someone joined with an invitation (see invitations.service.ts).
  'invitation.used': (event, actor) => ({
    audience: {
      kind: 'users',
      userIds: userIds(...(Array.isArray(event.payload.admin_user_ids) ? event.payload.admin_user_ids : [])),
    },
    content: {
      title: '招待したユーザーが参加しました',
      message: `${actor}さんが招待から「${ROLE_LABELS[text(event.payload.role) as Role] ?? text(event.payload.role)}」として参加しました。`,
      type: 'success',
      category: 'user',
      link: '/tenant-users',
    },
  }),
  // The uploader hears that a document could not be read (documents.extraction.ts): they may have
  // left the screen while it was 処理中. Emitted by the system (no actor).
  'document.unreadable': (event) => ({
    audience: { kind: 'users', userIds: userIds(event.payload.uploaded_by) },
    content: {
      title: '文書を読み取れませんでした',
      message: `「${text(event.payload.file_name)}」の本文を読み取れませんでした。${text(event.payload.reason)}`,
      type: 'warning',
      category: 'document',
      link: event.payload.folder_id ? `/documents?folder=${text(event.payload.folder_id)}` : '/documents',
    },
  }),
};

async function actorName(tx: TenantTransaction, actorId: string | null): Promise<string> {
  if (actorId === null) return 'システム';
  const user = await tx
    .selectFrom('users')
    .select(['full_name', 'email'])
    .where('id', '=', actorId)
    .executeTakeFirst();
  return user?.full_name?.trim() || user?.email.split('@')[0] || '誰か';
}

/** Subscribes the rules to the events, so that each event's notifications share its transaction. */
export function subscribeNotificationRules(events: DomainEvents): void {
  for (const [type, rule] of Object.entries(NOTIFICATION_RULES)) {
    events.on(type, async (tx, event) => {
      const made = rule(event, await actorName(tx, event.actorId));
      if (!made) return;
      await insertNotifications(tx, { eventId: event.id, actorId: event.actorId, ...made });
    });
  }
}
