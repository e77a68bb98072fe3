import type { NavItem } from './nav-items';

/** Items whose feature is not switched off. A missing flag counts as enabled. */
export function visibleNavItems(
  items: readonly NavItem[],
  enabledFeatures: Partial<Record<string, boolean>> | undefined,
): NavItem[] {
  return items.filter((item) => item.feature === undefined || enabledFeatures?.[item.feature] !== false);
}

/** '/' matches only itself; any other href matches itself and the paths below it. */
export function isNavItemActive(href: string, activeHref: string): boolean {
  const current = stripTrailingSlash(activeHref.split(/[?#]/, 1)[0] ?? '');
  const target = stripTrailingSlash(href);
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}

function stripTrailingSlash(path: string): string {
  if (path === '' || path === '/') return '/';
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

export type SidebarUser = { name?: string | null; email: string };

/** The name, or the part of the email before the @. */
export function userDisplayName(user: SidebarUser): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split('@', 1)[0] || user.email;
}

/** First character of the name, else of the email (a whole code point, capitalised when Latin). */
export function userInitial(user: SidebarUser): string {
  const source = user.name?.trim() || user.email.trim();
  const [first = '?'] = Array.from(source);
  return first.toLocaleUpperCase('ja-JP');
}
