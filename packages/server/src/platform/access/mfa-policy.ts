import { sql } from 'kysely';
import type { Db, DbExecutor } from '../db/database';
import type { Role } from '../db/schema';
import { AppError } from '../errors';
import type { SecuritySettings } from './security-settings';

/** A tenant's two-factor policy (tenants.mfa_policy): nobody, administrators, or every member. */
export type MfaPolicy = SecuritySettings['mfa_policy'];

/**
 * Whether the policy asks two-factor sign-in of a member with this role; a system administrator
 * working from outside the tenant (no membership, role null) counts as an administrator.
 */
export function mfaRequired(policy: MfaPolicy, role: Role | null): boolean {
  if (policy === 'everyone') return true;
  return policy === 'admins' && (role === null || role === 'admin');
}

/** Operations of a tenant a person who must enrol still needs: the app leads them to enrolment. */
const EXEMPT_OPERATIONS: ReadonlySet<string> = new Set(['getTenantSecuritySettings']);

/**
 * 403 when the tenant's policy asks a second factor of the caller and their session has not
 * verified one: MFA_001 without a verified factor (enrol first), MFA_002 with one (enter its code).
 */
export async function assertMfaSatisfied(
  db: Db,
  input: {
    operationId: string;
    policy: MfaPolicy;
    role: Role | null;
    aal: 'aal1' | 'aal2';
    userId: string;
  },
): Promise<void> {
  if (input.aal === 'aal2' || !mfaRequired(input.policy, input.role)) return;
  if (EXEMPT_OPERATIONS.has(input.operationId)) return;
  // Only a refusal pays for this look-up.
  const { rows } = await sql<{ enrolled: boolean }>`
    select tsumiki_mfa_enrolled(${input.userId}::uuid) as enrolled
  `.execute(db);
  throw new AppError(rows[0]?.enrolled ? 'MFA_002' : 'MFA_001', { context: { mfa_policy: input.policy } });
}

/**
 * A policy that asks two-factor sign-in of the person setting it may be set only from a session
 * that has verified a second factor: otherwise they would lock themselves (and, with 'admins',
 * perhaps every administrator) out of the tenant (409 MFA_003).
 */
export async function assertMayAdoptMfaPolicy(
  db: DbExecutor,
  input: { policy: MfaPolicy; role: Role | null; userId: string; sessionId: string },
): Promise<void> {
  if (!mfaRequired(input.policy, input.role)) return;
  const { rows } = await sql<{ aal: string; enrolled: boolean }>`
    select s.aal, tsumiki_mfa_enrolled(s.user_id) as enrolled
    from auth_sessions s where s.id = ${input.sessionId} and s.user_id = ${input.userId}
  `.execute(db);
  const session = rows[0];
  if (session?.aal === 'aal2') return;
  throw new AppError('MFA_003', {
    context: { mfa_policy: input.policy, enrolled: session?.enrolled ?? false },
  });
}
