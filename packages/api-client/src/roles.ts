import { contractEnums } from './generated/enums';
import type { components } from './generated/schema';

type Role = components['schemas']['Role'];
type Permission = components['schemas']['Permission'];

/**
 * What a membership gets when it is created with a role and no explicit list (the contract's
 * `Permission` description). The server stores them with the membership, so an administrator can
 * narrow or widen them per person later; the app shows them as the matrix's defaults. One list for
 * both.
 */
export const ROLE_DEFAULT_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: contractEnums.Permission,
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

/**
 * The tenant always keeps an active admin holding this permission, so that somebody can still
 * manage its users: the server refuses a change that would leave none (409 MEM_001), and the app
 * says so before it is tried.
 */
export const USER_ADMINISTRATION_PERMISSION = 'tenant_users.write' satisfies Permission;
