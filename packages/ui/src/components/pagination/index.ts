export { Pagination, type PaginationItem, type PaginationProps, paginationItems } from './pagination';
