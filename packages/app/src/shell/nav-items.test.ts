import { describe, expect, it } from 'vitest';
import { appRoutes } from '../app/paths';
import { defaultFeatureFlags } from '../features/feature-flags';
import { appNavItems } from './nav-items';

describe('appNavItems', () => {
  it('lists the sidebar of SPEC section 2 in order, with paths and labels from appRoutes', () => {
    expect(appNavItems.map(({ label, href, feature }) => [label, href, feature ?? null])).toEqual([
      ['ホーム', '/', null],
      ['顧客管理', '/customers', null],
      ['商品管理', '/products', null],
      ['AIアシスタント', '/chat', 'staff_chat'],
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
    ]);
    expect(new Set(appNavItems.map((item) => item.key)).size).toBe(appNavItems.length);
  });

  it('governs every item by a real feature flag of the tenant', () => {
    const flags = Object.keys(defaultFeatureFlags);
    for (const item of appNavItems) {
      if (item.feature) expect(flags, item.label).toContain(`${item.feature}_enabled`);
    }
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
