export { FolderTree, type FolderTreeNode, type FolderTreeProps } from './folder-tree';
