import type { DbExecutor } from '../platform/db/database';
import type { SessionEventType } from '../platform/db/schema';
import type { ClientInfo } from './auth-service';
import { insertSessionEvent } from './sessions.repository';

/** A security-relevant action of the auth service, about one user. */
export interface AuthSecurityAction {
  type: SessionEventType;
  userId: string;
  sessionId: string | null;
  client?: ClientInfo | null;
  /** What describes it (the factor, the method, codes left); no secrets. */
  detail?: Record<string, unknown>;
  at: Date;
}

/**
 * The one place where the auth service reports its two-factor actions (a factor enrolled,
 * verified, refused or removed, recovery codes issued or used, an administrator's reset): the
 * user's security events, which the session manager lists. Always called inside a transaction
 * (the session's elevation, the reset's tenant transaction, or one of its own), so an access log
 * that records auth actions hooks in here and writes its rows in that same transaction.
 */
export async function reportAuthSecurityAction(db: DbExecutor, action: AuthSecurityAction): Promise<void> {
  await insertSessionEvent(db, {
    user_id: action.userId,
    session_id: action.sessionId,
    type: action.type,
    occurred_at: action.at,
    ip: action.client?.ip ?? null,
    user_agent: action.client?.userAgent?.slice(0, 500) ?? null,
    detail: action.detail ?? {},
  });
}
