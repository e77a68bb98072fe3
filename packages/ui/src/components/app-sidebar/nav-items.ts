import type { ComponentType } from 'react';

/** Any icon component that takes a className (every lucide-react icon does). */
export type NavIcon = ComponentType<{ className?: string }>;

/** One entry of the sidebar. The app owns the list: ui knows no product's routes. */
export type NavItem = {
  /** Stable identifier (React key, tests, `itemBadges`). */
  key: string;
  label: string;
  href: string;
  icon: NavIcon;
  /** Feature flag governing the item; the item is hidden only when that flag is `false`. */
  feature?: string;
};
