export {
  type BreadcrumbItem,
  Breadcrumbs,
  type BreadcrumbsProps,
  type NavigationLinkProps,
} from './breadcrumbs';
