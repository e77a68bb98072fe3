import type { components } from '@tsumiki/api-client/schema';
import type { FolderRef, FolderView } from './folders.repository';

type Schemas = components['schemas'];

/** A folder as the contract shows it (no tenant id or bookkeeping, ISO times). */
export function toFolder(folder: FolderView): Schemas['Folder'] {
  return {
    id: folder.id,
    name: folder.name,
    parent_id: folder.parent_id,
    document_count: folder.document_count,
    folder_count: folder.folder_count,
    created_at: folder.created_at.toISOString(),
    updated_at: folder.updated_at.toISOString(),
  };
}

export function toFolderDetail(folder: FolderView, ancestors: FolderRef[]): Schemas['FolderDetail'] {
  return { ...toFolder(folder), ancestors };
}
