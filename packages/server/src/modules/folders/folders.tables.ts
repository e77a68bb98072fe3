import type { Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

/** A folder of the tenant's document tree (migration 0011); names unique per parent. */
export interface FoldersTable {
  tenant_id: string;
  id: Generated<string>;
  /** Null: top level. */
  parent_id: string | null;
  name: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../../platform/db/schema' {
  interface Database {
    folders: FoldersTable;
  }
}

export type FolderRow = Selectable<FoldersTable>;
export type NewFolderRow = Insertable<FoldersTable>;
