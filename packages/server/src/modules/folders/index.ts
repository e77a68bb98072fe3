// What other modules may use of folders.
export { assertFolderExists, findFolderSubtree, folderPath } from './folders.service';
