import {
  Bell,
  BookOpen,
  Bot,
  FileText,
  House,
  MailPlus,
  Megaphone,
  MonitorSmartphone,
  Package,
  Scale,
  ShieldUser,
  Telescope,
  UserCog,
  Users,
  Workflow,
} from 'lucide-react';
import type { ComponentType } from 'react';

/** Any icon component that takes a className (every lucide-react icon does). */
export type NavIcon = ComponentType<{ className?: string }>;

export type NavItem = {
  /** Stable identifier (React key, tests). */
  key: string;
  label: string;
  href: string;
  icon: NavIcon;
  /** Feature flag governing the item; the item is hidden only when that flag is `false`. */
  feature?: string;
};

/** Every sidebar item of the product, in the order of the specification (section 2, Layout). */
export const productNavItems: NavItem[] = [
  { key: 'home', label: 'ホーム', href: '/', icon: House },
  { key: 'customers', label: '顧客管理', href: '/customers', icon: Users },
  { key: 'products', label: '商品管理', href: '/products', icon: Package },
  { key: 'chat', label: 'AIアシスタント', href: '/chat', icon: Bot, feature: 'staff_chat' },
  { key: 'documents', label: 'AI文書管理', href: '/documents', icon: FileText, feature: 'legal_checks' },
  { key: 'legal-check', label: 'AI法務チェック', href: '/legal-check', icon: Scale, feature: 'legal_check' },
  {
    key: 'deep-research',
    label: 'AIインテリジェンス',
    href: '/deep-research',
    icon: Telescope,
    feature: 'deep_research',
  },
  {
    key: 'knowledge-base',
    label: 'ナレッジベースAI',
    href: '/knowledge-base',
    icon: BookOpen,
    feature: 'knowledge_base',
  },
  { key: 'invitations', label: '招待管理', href: '/invitations', icon: MailPlus, feature: 'invitations' },
  { key: 'workflow', label: 'ワークフローAI', href: '/workflow', icon: Workflow, feature: 'workflow_ai' },
  {
    key: 'marketing',
    label: 'マーケティングAI',
    href: '/marketing',
    icon: Megaphone,
    feature: 'marketing_ai',
  },
  { key: 'staff', label: 'スタッフ管理', href: '/staff', icon: UserCog, feature: 'staff_management' },
  {
    key: 'tenant-users',
    label: 'ユーザー管理',
    href: '/tenant-users',
    icon: ShieldUser,
    feature: 'tenant_users',
  },
  { key: 'notifications', label: '通知', href: '/notifications', icon: Bell, feature: 'notifications' },
  {
    key: 'session-manager',
    label: 'セッション管理',
    href: '/session-manager',
    icon: MonitorSmartphone,
    feature: 'session_management',
  },
];
