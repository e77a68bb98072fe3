import type { CurrentUser } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { hasPermission } from './permissions';

const user = (overrides: Partial<CurrentUser>): CurrentUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'staff@sakura-clinic.example',
  full_name: '受付 花子',
  is_system_admin: false,
  is_super_admin: false,
  is_agency_user: false,
  is_tenant_user: true,
  permissions: ['customers.read', 'customers.write'],
  accessible_tenant_ids: [],
  tenant_info: [],
  ...overrides,
});

describe('hasPermission', () => {
  it('grants exactly what the list holds', () => {
    expect(hasPermission(user({}), 'customers.write')).toBe(true);
    expect(hasPermission(user({}), 'customers.delete')).toBe(false);
  });

  it('grants everything to a super admin, whatever the list says', () => {
    expect(hasPermission(user({ is_super_admin: true, permissions: [] }), 'settings.manage')).toBe(true);
  });
});
