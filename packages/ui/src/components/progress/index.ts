export { Progress, type ProgressProps, progressVariants } from './progress';
