import type { Document } from '@tsumiki/api-client';
import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FolderNameMode, MoveTarget, PreviewTarget } from '../../features/documents/document-dialogs';
import { folderHref } from '../../features/documents/document-list-state';

// Dialogs load the first time one opens: the list stays within the route budget.
const dialogs = () => import('../../features/documents/document-dialogs');
const FolderNameDialog = lazy(() => dialogs().then((module) => ({ default: module.FolderNameDialog })));
const RenameDocumentDialog = lazy(() =>
  dialogs().then((module) => ({ default: module.RenameDocumentDialog })),
);
const MoveDialog = lazy(() => dialogs().then((module) => ({ default: module.MoveDialog })));
const DocumentCustomerDialog = lazy(() =>
  dialogs().then((module) => ({ default: module.DocumentCustomerDialog })),
);
const DocumentPreviewDialog = lazy(() =>
  dialogs().then((module) => ({ default: module.DocumentPreviewDialog })),
);

/**
 * The one dialog the documents screen has open: a folder's name, a rename, a document's customer,
 * a move or a preview.
 */
export type DialogState =
  | { kind: 'folder-name'; mode: FolderNameMode }
  | { kind: 'rename'; document: Document }
  | { kind: 'customer'; document: Document }
  | { kind: 'move'; target: MoveTarget }
  | { kind: 'preview'; target: PreviewTarget };

/** The open dialog, keyed by what it is about (a new target starts it afresh). */
export function Dialogs({
  state,
  open,
  onOpenChange,
}: {
  state: DialogState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  switch (state.kind) {
    case 'folder-name':
      return (
        <FolderNameDialog
          key={state.mode.kind === 'rename' ? state.mode.folder.id : `new-${state.mode.parentId}`}
          open={open}
          onOpenChange={onOpenChange}
          mode={state.mode}
          onSaved={(saved) => {
            if (state.mode.kind === 'create') navigate(folderHref(saved.id));
          }}
        />
      );
    case 'rename':
      return (
        <RenameDocumentDialog
          key={state.document.id}
          open={open}
          onOpenChange={onOpenChange}
          document={state.document}
        />
      );
    case 'customer':
      return (
        <DocumentCustomerDialog
          key={state.document.id}
          open={open}
          onOpenChange={onOpenChange}
          document={state.document}
        />
      );
    case 'move':
      return (
        <MoveDialog
          key={state.target.kind === 'document' ? state.target.document.id : state.target.folder.id}
          open={open}
          onOpenChange={onOpenChange}
          target={state.target}
        />
      );
    case 'preview':
      return (
        <DocumentPreviewDialog
          key={`${state.target.id}-${state.target.page ?? ''}`}
          open={open}
          onOpenChange={onOpenChange}
          target={state.target}
        />
      );
  }
}
