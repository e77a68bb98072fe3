import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { toFolder, toFolderDetail } from './folders.mapper';
import {
  createFolder,
  deleteFolder,
  getFolderDetail,
  listFolders,
  moveFolder,
  renameFolder,
} from './folders.service';

/** The tenant's folder tree: list a level, one with its ancestors, create, rename, move, delete when empty. */
export function foldersHandlers(_dependencies: ModuleDependencies) {
  return {
    async listFolders({ query }, { tx }) {
      const { total, folders } = await listFolders(tx, query.parent_id);
      return { status: 200, body: { total, folders: folders.map(toFolder) } };
    },

    async getFolder({ params }, { tx }) {
      const { folder, ancestors } = await getFolderDetail(tx, params.id);
      return { status: 200, body: toFolderDetail(folder, ancestors) };
    },

    async createFolder({ body }, { tx, principal }) {
      return { status: 201, body: toFolder(await createFolder(tx, principal.userId, body)) };
    },

    async updateFolder({ params, body }, { tx, principal }) {
      return { status: 200, body: toFolder(await renameFolder(tx, principal.userId, params.id, body.name)) };
    },

    async moveFolder({ params, body }, { tx, principal }) {
      return {
        status: 200,
        body: toFolder(await moveFolder(tx, principal.userId, params.id, body.new_parent_id ?? null)),
      };
    },

    async deleteFolder({ params }, { tx }) {
      await deleteFolder(tx, params.id);
      return { status: 204, body: undefined };
    },
  } satisfies ModuleHandlers;
}
