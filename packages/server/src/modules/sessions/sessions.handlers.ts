import type { components } from '@tsumiki/api-client/schema';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import {
  currentSessionStatus,
  extendCurrentSession,
  listOwnSessions,
  revokeOwnSession,
  type SessionStatus,
} from './sessions.service';

type Schemas = components['schemas'];

function toSessionStatus(status: SessionStatus): Schemas['SessionStatus'] {
  return {
    session_id: status.sessionId,
    status: status.status,
    expires_at: status.expiresAt.toISOString(),
    needs_refresh: status.needsRefresh,
    show_warning: status.showWarning,
    time_remaining_minutes: status.timeRemainingMinutes,
    security_events: status.securityEvents.map((event) => ({
      type: event.type,
      occurred_at: event.occurredAt.toISOString(),
      ip: event.ip,
      user_agent: event.userAgent,
      description: event.description,
    })),
  };
}

/** The caller's own sessions: status, extension, list, revocation. */
export function sessionsHandlers({ db, sessions }: ModuleDependencies) {
  return {
    async getCurrentSession(_input, context) {
      const status = await currentSessionStatus(db, context.principal, sessions);
      return { status: 200, body: toSessionStatus(status) };
    },

    async extendCurrentSession({ body }, context) {
      const status = await extendCurrentSession(
        db,
        context.principal,
        body.minutes,
        context.client,
        sessions,
      );
      return { status: 200, body: toSessionStatus(status) };
    },

    async listSessions(_input, context) {
      const own = await listOwnSessions(db, context.principal, sessions);
      return {
        status: 200,
        body: {
          total: own.length,
          sessions: own.map((session) => ({
            id: session.id,
            created_at: session.createdAt.toISOString(),
            last_active_at: session.lastActiveAt.toISOString(),
            expires_at: session.expiresAt.toISOString(),
            ip: session.ip,
            user_agent: session.userAgent,
            current: session.current,
          })),
        },
      };
    },

    async revokeSession({ params }, context) {
      await revokeOwnSession(db, context.principal, params.id, context.client, sessions);
      return { status: 204, body: undefined };
    },
  } satisfies ModuleHandlers;
}
