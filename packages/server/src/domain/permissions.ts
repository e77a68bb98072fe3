/** Every permission the product knows, as resource.action. Super admins hold all of them. */
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
  'documents.read',
  'documents.write',
  'documents.delete',
  'staff.read',
  'staff.write',
  'invitations.read',
  'invitations.write',
  'tenant_users.read',
  'tenant_users.write',
  'notifications.read',
  'notifications.write',
  'ai.use',
  'sessions.manage',
] as const;

export type Permission = (typeof ALL_PERMISSIONS)[number];

/** What a staff member gets by default: day-to-day customer work, nothing administrative. */
export const STAFF_PERMISSIONS: Permission[] = [
  'customers.read',
  'customers.write',
  'interactions.read',
  'interactions.write',
];
