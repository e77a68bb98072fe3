import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Role } from '../db/schema';
import { AppError } from '../errors';

/** A tenant's two-factor policy (tenants.mfa_policy): nobody, administrators, or every member. */
export type MfaPolicy = 'off' | 'admins' | 'everyone';

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
