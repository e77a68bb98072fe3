import { MERGE_UNDO_DAYS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import './customers.duplicates.tables';

/**
 * 最近の統合: the tenant's merges of the last MERGE_UNDO_DAYS that are still in force (not undone,
 * not final), newest first, with who went into whom, who merged them and until when the undo
 * works. One statement: the page of merges with the total (a window count), then their customers.
 */

type Schemas = components['schemas'];
export type MergeEntry = Schemas['CustomerMergeEntry'];

const DAY_MS = 24 * 60 * 60 * 1000;
const PERSON = [
  'id',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'patient_number',
] as const;

type PersonColumn = (typeof PERSON)[number];
type Row = { [Column in PersonColumn as `k_${Column}` | `d_${Column}`]: string } & {
  id: string;
  merged_at: Date;
  merged_by_name: string | null;
  total: string;
};

function personOf(row: Row, prefix: 'k' | 'd'): Schemas['CustomerMergePerson'] {
  return Object.fromEntries(
    PERSON.map((column) => [column, row[`${prefix}_${column}`]]),
  ) as Schemas['CustomerMergePerson'];
}

export async function listRecentMerges(
  tx: TenantTransaction,
  page: { skip: number; limit: number },
  now: Date,
): Promise<{ total: number; merges: MergeEntry[] }> {
  const since = new Date(now.getTime() - MERGE_UNDO_DAYS * DAY_MS);
  const columns = (alias: 'k' | 'd') =>
    sql.join(
      PERSON.map((column) => sql`${sql.ref(`${alias}.${column}`)} as ${sql.ref(`${alias}_${column}`)}`),
    );
  // The page of merges first (their index, newest first, the total beside), then the two
  // customers of each of those rows only, by their keys.
  const { rows } = await sql<Row>`
    select m.id, m.merged_at, m.total, ${userDisplayName('u')} as merged_by_name, ${columns('k')}, ${columns('d')}
    from (
      select m.tenant_id, m.id, m.kept_id, m.merged_id, m.merged_by, m.merged_at, count(*) over () as total
      from customer_merges m
      where m.tenant_id = ${tx.tenantId} and m.undone_at is null and m.finalized_at is null
        and m.merged_at > ${since}
      order by m.merged_at desc, m.id desc
      offset ${page.skip} limit ${page.limit}
    ) m
    join customers k on k.tenant_id = m.tenant_id and k.id = m.kept_id
    join customers d on d.tenant_id = m.tenant_id and d.id = m.merged_id
    left join users u on u.id = m.merged_by
    order by m.merged_at desc, m.id desc`.execute(tx);
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count: count on its own then.
  if (rows.length === 0 && page.skip > 0) {
    const counted = await tx
      .selectFrom('customer_merges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tx.tenantId)
      .where('undone_at', 'is', null)
      .where('finalized_at', 'is', null)
      .where('merged_at', '>', since)
      .executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return {
    total,
    merges: rows.map((row) => ({
      id: row.id,
      kept: personOf(row, 'k'),
      merged: personOf(row, 'd'),
      merged_at: row.merged_at.toISOString(),
      merged_by_name: row.merged_by_name,
      undo_until: new Date(row.merged_at.getTime() + MERGE_UNDO_DAYS * DAY_MS).toISOString(),
    })),
  };
}
