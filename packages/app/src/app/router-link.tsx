import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

/**
 * React Router's Link in the shape ui's `linkComponent` props take (`href`, not `to`): the
 * sidebar, breadcrumbs, folder tree and notification lists move within the app without a page
 * load. Kept free of route code: the shell's first screen imports it.
 */
export function RouterLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  return <Link to={href} {...props} />;
}
