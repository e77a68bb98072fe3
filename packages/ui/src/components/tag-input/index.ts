export { TagInput, type TagInputProps } from './tag-input';
