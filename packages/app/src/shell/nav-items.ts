import type { CurrentUser, Permission } from '@tsumiki/api-client';
import type { NavItem } from '@tsumiki/ui';
import { type AppRoute, type AppRouteKey, appRoutes } from '../app/paths';
import { hasPermission } from '../features/access/has-permission';
import type { FeatureKey } from '../features/feature-flags';
import { deferredIcon, type NavIconName } from './deferred-icon';

interface AppNavEntry {
  route: AppRouteKey;
  icon: NavIconName;
  /** The flag that hides the item when it is off; none for items that are always there. */
  feature?: FeatureKey;
  /** The permission needed to open the screen at all; the item is not offered without it. */
  permission?: Permission;
}

/** The sidebar of SPEC section 2 (Layout), in its order. Paths and labels come from appRoutes. */
const entries: AppNavEntry[] = [
  { route: 'home', icon: 'House' },
  { route: 'customers', icon: 'Users', feature: 'customers' },
  { route: 'products', icon: 'Package', feature: 'products' },
  // SPEC's "AI Assistant (staff_chat)": the assistant over the tenant's data.
  { route: 'aiAssistant', icon: 'Bot', feature: 'staff_chat' },
  // Not in SPEC's list, but a screen of its own (SPEC section 2's /chat, the product's "assistant
  // chat") that the chat flag governs: without an item it was reachable only from the dashboard's
  // quick action. Beside the assistant, the other chat with the AI.
  { route: 'chat', icon: 'MessageSquareText', feature: 'chat' },
  // The specification names this item's feature `legal_checks`, which is no flag: /legal-checks is
  // the old address of this screen (it redirects to /documents). Its flag is documents_enabled.
  { route: 'documents', icon: 'FileText', feature: 'documents' },
  { route: 'legalCheck', icon: 'Scale', feature: 'legal_check' },
  { route: 'deepResearch', icon: 'Telescope', feature: 'deep_research' },
  // The specification names this item's feature `knowledge_base`, which is no flag either; SPEC
  // section 1 describes legal check as "knowledge base with chat", so legal_check_enabled governs it.
  { route: 'knowledgeBase', icon: 'BookOpen', feature: 'legal_check' },
  { route: 'invitations', icon: 'MailPlus', feature: 'invitations', permission: 'invitations.read' },
  { route: 'workflow', icon: 'Workflow', feature: 'workflow_ai' },
  { route: 'marketing', icon: 'Megaphone', feature: 'marketing_ai' },
  { route: 'staff', icon: 'UserCog', feature: 'staff_management', permission: 'staff.read' },
  { route: 'tenantUsers', icon: 'ShieldUser', feature: 'tenant_users', permission: 'tenant_users.read' },
  { route: 'notifications', icon: 'Bell', feature: 'notifications' },
  { route: 'sessionManager', icon: 'MonitorSmartphone', feature: 'session_management' },
  // Not in SPEC's list: who saw or changed what (MHLW guideline 6.0), for administrators.
  { route: 'auditLog', icon: 'ScrollText', feature: 'audit_log', permission: 'audit.read' },
  // Not in SPEC's list and not governed by a flag (turning features off must stay possible).
  { route: 'settings', icon: 'ToggleRight', permission: 'settings.manage' },
];

/** The app's sidebar items, for ui's AppSidebar (which knows no product of its own). */
export const appNavItems: NavItem[] = entries.map(({ route, icon, feature }) => {
  const { path, title, navLabel }: AppRoute = appRoutes[route];
  return {
    key: route,
    label: navLabel ?? title,
    href: path,
    icon: deferredIcon(icon),
    ...(feature ? { feature } : {}),
  };
});

/** The items `user` may open; AppSidebar then hides those whose feature is off. */
export function navItemsFor(user: CurrentUser): NavItem[] {
  return appNavItems.filter((_, index) => {
    const permission = entries[index]?.permission;
    return !permission || hasPermission(user, permission);
  });
}
