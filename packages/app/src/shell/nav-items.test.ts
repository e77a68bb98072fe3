import type { CurrentUser } from '@tsumiki/api-client';
import { ROLE_DEFAULT_PERMISSIONS } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../app/paths';
import { defaultFeatureFlags } from '../features/feature-flags';
import { appNavItems, navItemsFor } from './nav-items';

const user = (overrides: Partial<CurrentUser>): CurrentUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'staff@sakura-clinic.example',
  full_name: '受付 花子',
  is_system_admin: false,
  is_super_admin: false,
  is_agency_user: false,
  is_tenant_user: true,
  permissions: [],
  accessible_tenant_ids: [],
  tenant_info: [],
  ...overrides,
});

describe('appNavItems', () => {
  it('lists the sidebar of SPEC section 2 in order, with paths and labels from appRoutes', () => {
    expect(appNavItems.map(({ label, href, feature }) => [label, href, feature ?? null])).toEqual([
      ['ホーム', '/', null],
      ['顧客管理', '/customers', 'customers'],
      ['商品管理', '/products', 'products'],
      ['AIアシスタント', '/aiassistant', 'staff_chat'],
      // Not in SPEC's list: /chat, governed by chat_enabled, beside the assistant.
      ['AIチャット', '/chat', 'chat'],
      ['AI文書管理', '/documents', 'documents'],
      ['AI法務チェック', '/legal-check', 'legal_check'],
      ['AIインテリジェンス', '/deep-research', 'deep_research'],
      ['ナレッジベースAI', '/knowledge-base', 'legal_check'],
      ['招待管理', '/invitations', 'invitations'],
      ['ワークフローAI', '/workflow', 'workflow_ai'],
      ['マーケティングAI', '/marketing', 'marketing_ai'],
      ['スタッフ管理', '/staff', 'staff_management'],
      ['ユーザー管理', '/tenant-users', 'tenant_users'],
      ['通知', '/notifications', 'notifications'],
      ['セッション管理', '/session-manager', 'session_management'],
      // Not in SPEC's list: the access log, for administrators.
      ['操作ログ', '/audit-log', 'audit_log'],
      // Not governed by a flag: an administrator can always turn features back on.
      ['機能の設定', '/settings', null],
    ]);
    expect(new Set(appNavItems.map((item) => item.key)).size).toBe(appNavItems.length);
  });

  it('governs every item by a real feature flag of the tenant', () => {
    const flags = Object.keys(defaultFeatureFlags);
    for (const item of appNavItems) {
      if (item.feature) expect(flags, item.label).toContain(`${item.feature}_enabled`);
    }
  });

  it('maps the two SPEC feature keys that are not flags to the flags that govern their screens', () => {
    // SPEC names AI文書管理's feature `legal_checks` and ナレッジベースAI's `knowledge_base`;
    // neither is a flag. /legal-checks is the documents screen's old address → documents_enabled;
    // the knowledge base is legal check's "knowledge base with chat" → legal_check_enabled.
    const flags = Object.keys(defaultFeatureFlags);
    expect(flags).not.toContain('legal_checks_enabled');
    expect(flags).not.toContain('knowledge_base_enabled');
    const featureOf = (href: string) => appNavItems.find((item) => item.href === href)?.feature;
    expect(featureOf(appRoutes.documents.path)).toBe('documents');
    expect(featureOf(appRoutes.knowledgeBase.path)).toBe('legal_check');
  });

  it('takes each title from the route table, where the page headings come from too', () => {
    const titles = new Map<string, string>(
      Object.values(appRoutes).map((route) => [route.path, route.title]),
    );
    for (const item of appNavItems.filter((entry) => entry.href !== appRoutes.home.path)) {
      expect(item.label).toBe(titles.get(item.href));
    }
    expect(appNavItems[0]?.label).toBe(appRoutes.home.navLabel);
  });
});

describe('navItemsFor', () => {
  const hrefs = (permissions: CurrentUser['permissions'], extra: Partial<CurrentUser> = {}) =>
    navItemsFor(user({ permissions, ...extra })).map((item) => item.href);

  it('offers an administrator every item, the settings screen included', () => {
    expect(hrefs([...ROLE_DEFAULT_PERMISSIONS.admin])).toEqual(appNavItems.map((item) => item.href));
  });

  it('offers staff no settings, user management or invitations, but the staff roster', () => {
    const shown = hrefs([...ROLE_DEFAULT_PERMISSIONS.staff]);
    expect(shown).not.toContain('/settings');
    expect(shown).not.toContain('/tenant-users');
    expect(shown).not.toContain('/invitations');
    expect(shown).not.toContain('/audit-log');
    expect(shown).toContain('/staff');
    expect(shown).toContain('/customers');
  });

  it('follows the list of permissions, not the role', () => {
    expect(hrefs(['tenant_users.read'])).toContain('/tenant-users');
    expect(hrefs(['settings.manage'])).toContain('/settings');
    expect(hrefs(['audit.read'])).toContain('/audit-log');
    expect(hrefs([], { is_super_admin: true })).toContain('/settings');
  });
});
