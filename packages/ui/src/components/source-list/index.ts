export { Citation, type SourceItem, SourceList, type SourceListProps } from './source-list';
