import type { components } from '@tsumiki/api-client';
import { contractEnums, ROLE_DEFAULT_PERMISSIONS } from '@tsumiki/api-client';
import { SAKURA_PRODUCTS, SAKURA_ROSTER } from '@tsumiki/api-client/demo';
import { DEMO_CUSTOMERS } from './demo-records';
import { DEMO_PEOPLE } from './session-fixture';

type Schemas = components['schemas'];

/**
 * The records of the administrative screens, from the same demo material as the seed
 * (@tsumiki/api-client/demo: products, staff roster) or shaped like what the seed leaves
 * (invitations, sessions, access log). Fixed dates.
 */
const at = (days: number) =>
  new Date(Date.parse('2026-11-20T09:00:00+09:00') - days * 86_400_000).toISOString();
const id = (prefix: number, index: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(index).padStart(12, '0')}`;

export const DEMO_PRODUCTS: Schemas['Product'][] = SAKURA_PRODUCTS.map(
  ({ key: _key, ...product }, index) => ({
    id: id(7, index + 1),
    description: null,
    stock_quantity: null,
    status: 'active',
    ...product,
    created_at: at(200 - index),
    updated_at: at(20 + index),
  }),
);

export const DEMO_STAFF: Schemas['StaffMember'][] = SAKURA_ROSTER.map(({ account, ...member }, index) => ({
  id: id(8, index + 1),
  email: null,
  phone: null,
  department: null,
  position: null,
  status: 'active',
  hire_date: null,
  qualifications: [],
  notes: null,
  ...member,
  user_id: account === DEMO_PEOPLE.staff.email ? DEMO_PEOPLE.staff.id : null,
  user_email: account ?? null,
  created_at: at(300),
  updated_at: at(30 + index),
}));

export const DEMO_INVITATIONS: Schemas['Invitation'][] = [
  ['suzuki.nurse@example.com', 'staff', 'pending', 2],
  ['reception@example.com', 'user', 'used', 12],
  ['old-invite@example.com', 'staff', 'expired', 40],
].map(([email, role, status, days], index) => ({
  id: id(9, index + 1),
  code: status === 'pending' ? 'SAKURA-7K3F-Q2' : null,
  invite_path: status === 'pending' ? '/invite?code=SAKURA-7K3F-Q2' : null,
  email: email as string,
  role: role as Schemas['Role'],
  status: status as Schemas['InvitationStatus'],
  message: index === 0 ? '受付の新しいスタッフの方です。よろしくお願いします。' : null,
  expires_at: at((days as number) - 7),
  created_by: DEMO_PEOPLE.admin.id,
  created_at: at(days as number),
  used_at: status === 'used' ? at((days as number) - 1) : null,
  used_by: null,
  emailed_at: at(days as number),
  email_delivery: null,
}));

export const DEMO_TENANT_USERS: Schemas['TenantUser'][] = (['admin', 'staff'] as const).map((who, index) => ({
  id: DEMO_PEOPLE[who].id,
  email: DEMO_PEOPLE[who].email,
  full_name: DEMO_PEOPLE[who].full_name,
  role: DEMO_PEOPLE[who].role,
  permissions: [...ROLE_DEFAULT_PERMISSIONS[DEMO_PEOPLE[who].role]],
  status: 'active',
  last_sign_in_at: at(index),
  created_at: at(365),
  updated_at: at(30),
}));

export const DEMO_SESSIONS: Schemas['SessionSummary'][] = [
  { current: true, ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', ip: '203.0.113.10' },
  {
    current: false,
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
    ip: '198.51.100.7',
  },
].map((session, index) => ({
  id: id(10, index + 1),
  created_at: at(index + 0.2),
  last_active_at: at(index * 0.5),
  expires_at: new Date(Date.parse('2026-11-20T17:00:00+09:00')).toISOString(),
  ip: session.ip,
  user_agent: session.ua,
  current: session.current,
}));

const ACTIONS: Schemas['AccessAction'][] = [
  'customer.read',
  'customer.update',
  'interaction.create',
  'document.download',
];

export const DEMO_AUDIT_LOG: Schemas['AuditLogEntry'][] = Array.from({ length: 24 }, (_, index) => {
  const customer = DEMO_CUSTOMERS[index % DEMO_CUSTOMERS.length]!;
  const person = index % 3 ? DEMO_PEOPLE.staff : DEMO_PEOPLE.admin;
  return {
    id: 5000 - index,
    occurred_at: at(index * 0.3),
    actor_user_id: person.id,
    actor_name: person.full_name,
    actor_email: person.email,
    action: ACTIONS[index % ACTIONS.length]!,
    target_type: 'customer',
    target_id: customer.id,
    customer_id: customer.id,
    customer_name: `${customer.last_name} ${customer.first_name}`,
    ip: '203.0.113.10',
    user_agent: 'Mozilla/5.0 Chrome/131.0',
    request_id: `req-${index}`,
    detail: {},
  };
});

export const DEMO_REPORTS: Schemas['ResearchReportSummary'][] = [
  {
    id: id(11, 1),
    kind: 'customer',
    title: `${DEMO_CUSTOMERS[1]!.company_name ?? ''} の調査レポート`,
    customer_id: DEMO_CUSTOMERS[1]!.id,
    mode: 'offline',
    generated_at: at(3),
    summary: '対応履歴 6 件と登録情報から、健康診断の取りまとめ状況と次回の提案をまとめました。',
    created_by: DEMO_PEOPLE.admin.id,
    created_by_name: DEMO_PEOPLE.admin.full_name,
  },
];

export const DEMO_FEATURES: Schemas['FeatureSetting'][] = contractEnums.Feature.map((feature) => ({
  feature,
  enabled: true,
  default_enabled: true,
  customized: false,
}));

export const DEMO_TRASH: Schemas['DeletedCustomer'][] = DEMO_CUSTOMERS.slice(30, 33).map(
  (customer, index) => ({
    id: customer.id,
    last_name: customer.last_name,
    first_name: customer.first_name,
    last_name_kana: customer.last_name_kana,
    first_name_kana: customer.first_name_kana,
    company_name: customer.company_name,
    deleted_at: at(index + 2),
    deleted_by_name: DEMO_PEOPLE.admin.full_name,
    purge_at: at(index - 28),
    interaction_count: 3 - index,
  }),
);
