export { AppSidebar, type AppSidebarProps, type SidebarLinkProps } from './app-sidebar';
export { type NavIcon, type NavItem, productNavItems } from './nav-items';
