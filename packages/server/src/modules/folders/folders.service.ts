import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, NotFoundError, ValidationFailedError } from '../../platform/errors';
import {
  deleteFolderRow,
  type FolderView,
  findAncestors,
  findChildFolders,
  findFolder,
  findSubtreeIds,
  insertFolder,
  lockFolderTree,
  updateFolderRow,
} from './folders.repository';

export class FolderNotFoundError extends NotFoundError {
  constructor() {
    super('folder', {
      message: '指定されたフォルダーが見つかりません。',
      suggestion: 'フォルダーの一覧から選び直してください。削除された可能性があります。',
    });
  }
}

export class FolderNameTakenError extends AppError {
  constructor(name: string) {
    super('FLD_003', {
      message: `同じ場所に「${name}」という名前のフォルダーがあります。`,
      context: { resource: 'folder', field: 'name' },
    });
  }
}

export class FolderCycleError extends AppError {
  constructor() {
    super('FLD_001', { context: { resource: 'folder', field: 'new_parent_id' } });
  }
}

export class FolderNotEmptyError extends AppError {
  constructor(documentCount: number, folderCount: number) {
    const held = [
      documentCount > 0 ? `文書 ${documentCount} 件` : null,
      folderCount > 0 ? `フォルダー ${folderCount} 件` : null,
    ]
      .filter((part) => part !== null)
      .join('と');
    super('FLD_002', {
      message: `${held}が入っているため削除できません。`,
      context: { resource: 'folder', document_count: documentCount, folder_count: folderCount },
    });
  }
}

/** A folder name as stored: NFC, without surrounding white space (never empty). */
export function folderName(name: string): string {
  const stored = name.normalize('NFC').trim();
  if (stored === '') throw new ValidationFailedError([{ field: 'name', message: '入力してください' }]);
  return stored;
}

function isNameConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'folders_name_idx';
}

/** Runs a write that may hit the unique name index, as FLD_003 (the request's transaction ends with it). */
async function naming<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNameConflict(error)) throw new FolderNameTakenError(name);
    throw error;
  }
}

export async function getFolder(tx: TenantTransaction, id: string): Promise<FolderView> {
  const folder = await findFolder(tx, id);
  if (!folder) throw new FolderNotFoundError();
  return folder;
}

/** A folder of the tenant, or 404 (for the folder a document or folder goes into). */
export async function assertFolderExists(
  tx: TenantTransaction,
  id: string | null | undefined,
): Promise<void> {
  if (id === null || id === undefined) return;
  await getFolder(tx, id);
}

export async function listFolders(tx: TenantTransaction, parentId: string | undefined) {
  await assertFolderExists(tx, parentId);
  const folders = await findChildFolders(tx, parentId ?? null);
  return { total: folders.length, folders };
}

export async function getFolderDetail(tx: TenantTransaction, id: string) {
  const folder = await getFolder(tx, id);
  return { folder, ancestors: await findAncestors(tx, id) };
}

/** The folder of a document with the folders above it (null: in no folder). */
export async function folderPath(tx: TenantTransaction, id: string | null) {
  if (id === null) return null;
  const folder = await findFolder(tx, id);
  if (!folder) return null;
  return { id: folder.id, name: folder.name, ancestors: await findAncestors(tx, id) };
}

export async function createFolder(
  tx: TenantTransaction,
  actorId: string,
  input: { name: string; parent_id?: string | null | undefined },
) {
  const name = folderName(input.name);
  const parentId = input.parent_id ?? null;
  await assertFolderExists(tx, parentId);
  const id = await naming(name, () => insertFolder(tx, { name, parent_id: parentId }, actorId));
  return getFolder(tx, id);
}

export async function renameFolder(tx: TenantTransaction, actorId: string, id: string, rawName: string) {
  const name = folderName(rawName);
  await getFolder(tx, id);
  await naming(name, () => updateFolderRow(tx, id, { name }, actorId));
  return getFolder(tx, id);
}

/** Moves a folder under another (null: the top level); never into itself or below itself. */
export async function moveFolder(
  tx: TenantTransaction,
  actorId: string,
  id: string,
  newParentId: string | null,
) {
  await lockFolderTree(tx);
  const folder = await getFolder(tx, id);
  if (newParentId !== null) {
    await assertFolderExists(tx, newParentId);
    if ((await findSubtreeIds(tx, id)).includes(newParentId)) throw new FolderCycleError();
  }
  if (folder.parent_id === newParentId) return folder;
  await naming(folder.name, () => updateFolderRow(tx, id, { parent_id: newParentId }, actorId));
  return getFolder(tx, id);
}

/** Deletes an empty folder; one that holds documents or folders is refused with what it holds. */
export async function deleteFolder(tx: TenantTransaction, id: string): Promise<void> {
  await lockFolderTree(tx);
  const folder = await getFolder(tx, id);
  if (folder.document_count > 0 || folder.folder_count > 0) {
    throw new FolderNotEmptyError(folder.document_count, folder.folder_count);
  }
  if (!(await deleteFolderRow(tx, id))) throw new FolderNotFoundError();
}

/** The folder and every folder below it (empty when the folder does not exist). */
export async function findFolderSubtree(tx: TenantTransaction, id: string): Promise<string[]> {
  return findSubtreeIds(tx, id);
}
