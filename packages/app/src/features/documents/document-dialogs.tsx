// The documents screen loads its dialogs as this one module, the first time one opens.
export { DocumentCustomerDialog } from './document-customer';
export { DocumentPreviewDialog, type PreviewTarget } from './document-preview-dialog';
export { MoveDialog, type MoveTarget } from './move-dialog';
export {
  FolderNameDialog,
  type FolderNameMode,
  nameProblem,
  RenameDocumentDialog,
} from './name-dialogs';
