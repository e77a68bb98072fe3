// The sidebar's icons, in a chunk of their own (see deferred-icon.tsx).
export {
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
  ToggleRight,
  UserCog,
  Users,
  Workflow,
} from 'lucide-react';
