export { AppSidebar, type AppSidebarProps, type SidebarLinkProps } from './app-sidebar';
export type { NavIcon, NavItem } from './nav-items';
