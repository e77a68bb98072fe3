import { hashPassword } from '../../src/auth/passwords';
import { insertUser } from '../../src/auth/users.repository';
import { testConfig } from '../../src/config';
import { insertMembership } from '../../src/platform/access/tenants.repository';
import type { Db } from '../../src/platform/db/database';
import type { Role } from '../../src/platform/db/schema';
import { DEMO_PASSWORD } from '../../src/seed/demo';

export interface UserFixture {
  email: string;
  fullName?: string;
  isSystemAdmin?: boolean;
  isSuperAdmin?: boolean;
  memberships?: Array<{
    tenantId: string;
    role: Role;
    permissions: string[];
    status?: 'active' | 'inactive';
  }>;
}

/** Creates a user (password: the demo password) with the given memberships, on the owner connection. */
export async function createUser(owner: Db, fixture: UserFixture): Promise<string> {
  const user = await insertUser(owner, {
    email: fixture.email,
    full_name: fixture.fullName ?? null,
    password_hash: await hashPassword(DEMO_PASSWORD, testConfig().passwordHashCost),
    is_system_admin: fixture.isSystemAdmin ?? false,
    is_super_admin: fixture.isSuperAdmin ?? false,
  });
  for (const membership of fixture.memberships ?? []) {
    await insertMembership(owner, {
      tenant_id: membership.tenantId,
      user_id: user.id,
      role: membership.role,
      permissions: membership.permissions,
      status: membership.status ?? 'active',
    });
  }
  return user.id;
}
