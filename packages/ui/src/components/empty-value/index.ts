export { EmptyValue, type EmptyValueProps } from './empty-value';
