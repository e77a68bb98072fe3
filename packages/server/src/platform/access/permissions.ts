import { ROLE_DEFAULT_PERMISSIONS } from '@tsumiki/api-client';
import type { Role } from '../db/schema';

/**
 * Every permission the product knows, as resource.action: the `Permission` enum of the contract
 * and the values of its `x-permission`. Super admins hold all of them.
 */
export const ALL_PERMISSIONS = [
  'customers.read',
  'customers.write',
  'customers.delete',
  'interactions.read',
  'interactions.write',
  'interactions.delete',
  'products.read',
  'products.write',
  'products.delete',
  // Documents and their folders.
  'documents.read',
  'documents.write',
  'documents.delete',
  'staff.read',
  'staff.write',
  'staff.delete',
  'invitations.read',
  'invitations.write',
  'invitations.delete',
  'tenant_users.read',
  'tenant_users.write',
  // One's own notifications.
  'notifications.read',
  'notifications.write',
  // The knowledge base of the legal check.
  'knowledge.read',
  'knowledge.write',
  'knowledge.delete',
  // Asking an AI: chat, assistant, knowledge chat, workflow, marketing, product analysis.
  'ai.use',
  // Deep research and its PDF reports; deleting another person's report takes research.delete.
  'research.use',
  'research.delete',
  // The tenant's settings: feature switches and security (two-factor policy, screen lock, log retention).
  'settings.manage',
  // The access log (操作ログ): who looked at or changed what.
  'audit.read',
  // A person's own requests about their data: disclosure, stop of use, erasure.
  'privacy.manage',
] as const;

export type Permission = (typeof ALL_PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * What a membership gets when it is created with a role and no explicit list: the one list the
 * app's permission matrix shows too (@tsumiki/api-client). A membership's permissions are stored
 * with it, so an admin can narrow or widen them per person later.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = ROLE_DEFAULT_PERMISSIONS;

/** The role's default permissions, as a fresh array to store. */
export function rolePermissions(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/** What a staff member gets by default. */
export const STAFF_PERMISSIONS: readonly Permission[] = ROLE_PERMISSIONS.staff;
