import { type AccessAction, type AccessTrace, recordAccountAccess } from '../platform/audit/access-log';
import type { DbExecutor, DbTransaction } from '../platform/db/database';
import type { SessionEventType, User } from '../platform/db/schema';
import type { ClientInfo } from './auth-types';
import { insertSessionEvent } from './sessions.repository';
import { findUserById } from './users.repository';

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

/** The access log's trace of an account event: the user and where the request came from. */
export function accountTrace(
  user: Pick<User, 'id' | 'email' | 'full_name'>,
  client: ClientInfo | null | undefined,
): AccessTrace {
  return {
    actor: { userId: user.id, name: user.full_name || user.email, email: user.email },
    ip: client?.ip ?? null,
    userAgent: client?.userAgent ?? null,
    requestId: client?.requestId ?? null,
  };
}

/**
 * The access log's action for a two-factor action. An administrator's reset is recorded by its
 * /api operation (`x-access-log` mfa.reset, in the tenant's transaction), and issuing recovery
 * codes changes nothing anybody could misuse, so neither is recorded again here.
 */
const ACCESS_ACTIONS: Partial<Record<SessionEventType, AccessAction>> = {
  mfa_enrolled: 'mfa.enrolled',
  mfa_verified: 'mfa.verified',
  mfa_failed: 'mfa.verify_failed',
  mfa_unenrolled: 'mfa.unenrolled',
  recovery_code_used: 'mfa.recovery_used',
};

/**
 * The one place where the auth service reports its two-factor actions (a factor enrolled,
 * verified, refused or removed, recovery codes issued or used, an administrator's reset): the
 * user's security events, which the session manager lists, and the access log of every tenant
 * the user belongs to. Always called inside a transaction (the session's elevation, the reset's
 * tenant transaction, or one of its own), so both records commit with the action or not at all.
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
  const accessAction = ACCESS_ACTIONS[action.type];
  if (!accessAction) return;
  const user = await findUserById(db, action.userId);
  if (!user) return;
  await recordAccountAccess(db as DbTransaction, user.id, accountTrace(user, action.client), {
    action: accessAction,
    target: { type: 'user', id: user.id },
    detail: pickDetail(action.detail),
  });
}

/** Only the plain facts of the detail go to the log (the method, a factor's id), never codes. */
function pickDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of ['factor_id', 'method', 'friendly_name', 'reason'] as const) {
    if (detail?.[key] !== undefined) picked[key] = detail[key];
  }
  return picked;
}
