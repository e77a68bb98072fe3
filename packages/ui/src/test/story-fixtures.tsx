// Shared by the layout stories only; not part of the package build.
import { createContext, type MouseEvent, type ReactNode, useContext, useState } from 'react';
import type { SidebarLinkProps } from '../components/app-sidebar/app-sidebar';

export const demoUser = { name: '佐藤 花子', email: 'admin@sakura-clinic.example' };
export const demoTenant = { tenantName: 'さくら内科クリニック', plan: 'standard', role: 'admin' };

const NavigateContext = createContext<(href: string) => void>(() => {});

/**
 * A sidebar link that stays inside the story: it never loads another page (which would replace
 * the Storybook iframe) but moves the story's current path instead.
 */
export function StoryLink({
  href,
  className,
  children,
  onClick,
  'aria-current': ariaCurrent,
}: SidebarLinkProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      href={href}
      className={className}
      aria-current={ariaCurrent}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        navigate(href);
        onClick?.();
      }}
    >
      {children}
    </a>
  );
}

type StoryRouterProps = {
  initialHref: string;
  children: (activeHref: string) => ReactNode;
};

/** Holds the story's current path; `StoryLink`s inside change it. */
export function StoryRouter({ initialHref, children }: StoryRouterProps) {
  const [activeHref, setActiveHref] = useState(initialHref);
  return <NavigateContext value={setActiveHref}>{children(activeHref)}</NavigateContext>;
}
