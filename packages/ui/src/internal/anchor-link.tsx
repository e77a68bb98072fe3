import type { ReactNode } from 'react';

/** What a router link component receives (react-router's `<Link to>` wrapped to take `href`). */
export type NavigationLinkProps = {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page' | undefined;
  onClick?: () => void;
};

/** The default link of components that take a `linkComponent`: a plain `<a href>`. */
export function AnchorLink({
  href,
  className,
  children,
  onClick,
  'aria-current': current,
}: NavigationLinkProps) {
  return (
    <a href={href} className={className} aria-current={current} onClick={onClick}>
      {children}
    </a>
  );
}
