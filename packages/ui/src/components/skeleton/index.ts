export { Skeleton, type SkeletonProps } from './skeleton';
export { SkeletonGroup, type SkeletonGroupProps } from './skeleton-group';
