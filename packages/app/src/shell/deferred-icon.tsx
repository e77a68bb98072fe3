import type { NavIcon } from '@tsumiki/ui';
import { useEffect, useState } from 'react';

type Icons = typeof import('./nav-icons');
export type NavIconName = keyof Icons;

let icons: Icons | null = null;
let loading: Promise<Icons> | null = null;

function loadIcons(): Promise<Icons> {
  loading ??= import('./nav-icons').then(
    (module) => (icons = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The icon `name` once the icons' chunk is there; until then an empty box of the icon's size. */
function DeferredNavIcon({ name, className }: { name: NavIconName; className?: string }) {
  const [loaded, setLoaded] = useState(icons);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    loadIcons().then(
      (module) => active && setLoaded(module),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [loaded]);
  const Icon = loaded?.[name];
  return Icon ? (
    <Icon className={className} />
  ) : (
    <span aria-hidden="true" className={`inline-block ${className ?? ''}`} />
  );
}

/**
 * A sidebar icon that arrives just after the first paint: the seventeen icons are about 3 KB gzip of
 * decoration, kept out of the first screens' budget. Until then (or if the chunk cannot load) the
 * icon's box stays empty at its size, so nothing moves when it appears.
 */
export function deferredIcon(name: NavIconName): NavIcon {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon when nav-items.ts loads, never during a render (so never re-mounted); the hooks live in DeferredNavIcon.
  const NavIconOf = ({ className }: { className?: string }) => (
    <DeferredNavIcon name={name} className={className} />
  );
  NavIconOf.displayName = `NavIcon(${name})`;
  return NavIconOf;
}
