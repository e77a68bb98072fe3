// Sample sidebar items for the stories and tests only; not part of the package build. The
// package knows no product: an app passes its own items to AppSidebar.
import {
  Bell,
  CalendarDays,
  House,
  MailPlus,
  MonitorSmartphone,
  Package,
  Scale,
  UserCog,
  Users,
  Workflow,
} from 'lucide-react';
import type { NavItem } from '../components/app-sidebar/nav-items';

/** A small clinic's sidebar: three items always there, the others each behind a feature. */
export const sampleNavItems: NavItem[] = [
  { key: 'home', label: 'ホーム', href: '/', icon: House },
  { key: 'customers', label: '顧客管理', href: '/customers', icon: Users },
  { key: 'products', label: '商品管理', href: '/products', icon: Package },
  { key: 'calendar', label: '予約カレンダー', href: '/calendar', icon: CalendarDays, feature: 'calendar' },
  { key: 'legal-check', label: 'AI法務チェック', href: '/legal-check', icon: Scale, feature: 'legal_check' },
  { key: 'workflow', label: 'ワークフローAI', href: '/workflow', icon: Workflow, feature: 'workflow_ai' },
  { key: 'staff', label: 'スタッフ管理', href: '/staff', icon: UserCog, feature: 'staff_management' },
  { key: 'invitations', label: '招待管理', href: '/invitations', icon: MailPlus, feature: 'invitations' },
  { key: 'notifications', label: '通知', href: '/notifications', icon: Bell, feature: 'notifications' },
  {
    key: 'session-manager',
    label: 'セッション管理',
    href: '/session-manager',
    icon: MonitorSmartphone,
    feature: 'session_management',
  },
];
