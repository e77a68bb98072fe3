import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { FolderRow } from './folders.tables';

/** A folder with how many documents and folders it holds directly. */
export type FolderView = FolderRow & { document_count: number; folder_count: number };
export interface FolderRef {
  id: string;
  name: string;
}

function withCounts(tx: TenantTransaction) {
  return tx
    .selectFrom('folders as f')
    .selectAll('f')
    .select([
      sql<number>`(select count(*)::int from documents d where d.tenant_id = f.tenant_id and d.folder_id = f.id)`.as(
        'document_count',
      ),
      sql<number>`(select count(*)::int from folders c where c.tenant_id = f.tenant_id and c.parent_id = f.id)`.as(
        'folder_count',
      ),
    ])
    .where('f.tenant_id', '=', tx.tenantId);
}

export async function findFolder(tx: TenantTransaction, id: string): Promise<FolderView | undefined> {
  return withCounts(tx).where('f.id', '=', id).executeTakeFirst();
}

/** The folders directly under `parentId` (null: the top level), by name. */
export async function findChildFolders(
  tx: TenantTransaction,
  parentId: string | null,
): Promise<FolderView[]> {
  return withCounts(tx)
    .where('f.parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.id')
    .execute();
}

/** The folders above `id`, from the top level down to its parent. */
export async function findAncestors(tx: TenantTransaction, id: string): Promise<FolderRef[]> {
  const { rows } = await sql<FolderRef & { depth: number }>`
    with recursive up (id, name, parent_id, depth) as (
      select p.id, p.name, p.parent_id, 1
      from folders f join folders p on p.tenant_id = f.tenant_id and p.id = f.parent_id
      where f.tenant_id = ${tx.tenantId} and f.id = ${id}
      union all
      select p.id, p.name, p.parent_id, up.depth + 1
      from up join folders p on p.tenant_id = ${tx.tenantId} and p.id = up.parent_id
      where up.depth < 1000
    )
    select id, name, depth from up order by depth desc`.execute(tx);
  return rows.map(({ id: folderId, name }) => ({ id: folderId, name }));
}

/** `id` and every folder below it. */
export async function findSubtreeIds(tx: TenantTransaction, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive down (id, depth) as (
      select f.id, 0 from folders f where f.tenant_id = ${tx.tenantId} and f.id = ${id}
      union all
      select c.id, down.depth + 1
      from down join folders c on c.tenant_id = ${tx.tenantId} and c.parent_id = down.id
      where down.depth < 1000
    )
    select id from down`.execute(tx);
  return rows.map((row) => row.id);
}

/**
 * Serialises the tenant's folder moves: two concurrent moves could each pass the cycle check
 * against the tree as it was and make a cycle together. Held until the transaction ends.
 */
export async function lockFolderTree(tx: TenantTransaction): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`folders:${tx.tenantId}`}, 0))`.execute(tx);
}

export async function insertFolder(
  tx: TenantTransaction,
  folder: { name: string; parent_id: string | null },
  actorId: string,
): Promise<string> {
  const { id } = await tx
    .insertInto('folders')
    .values({ ...folder, tenant_id: tx.tenantId, created_by: actorId, updated_by: actorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateFolderRow(
  tx: TenantTransaction,
  id: string,
  changes: { name?: string; parent_id?: string | null },
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('folders')
    .set({ ...changes, updated_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteFolderRow(tx: TenantTransaction, id: string): Promise<boolean> {
  const result = await tx
    .deleteFrom('folders')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
