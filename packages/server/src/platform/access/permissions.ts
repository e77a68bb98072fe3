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
  // Deep research and its PDF reports.
  'research.use',
] as const;

export type Permission = (typeof ALL_PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * What a membership gets when it is created with a role and no explicit list. A membership's
 * permissions are stored with it, so an admin can narrow or widen them per person later.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ALL_PERMISSIONS,
  // Day-to-day work: customers and their history, documents, reading products, staff and the
  // knowledge base, asking the AI tools, one's own notifications. Nothing administrative, no deletes.
  staff: [
    'customers.read',
    'customers.write',
    'interactions.read',
    'interactions.write',
    'products.read',
    'documents.read',
    'documents.write',
    'staff.read',
    'notifications.read',
    'notifications.write',
    'knowledge.read',
    'ai.use',
    'research.use',
  ],
  // Read-mostly: looks things up, keeps their own notifications tidy.
  user: [
    'customers.read',
    'interactions.read',
    'products.read',
    'documents.read',
    'notifications.read',
    'notifications.write',
    'knowledge.read',
  ],
};

/** What a staff member gets by default. */
export const STAFF_PERMISSIONS: readonly Permission[] = ROLE_PERMISSIONS.staff;
