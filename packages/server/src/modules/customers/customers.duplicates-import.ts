import { DUPLICATE_REASON_LABELS } from '@tsumiki/api-client';
import { type RawBuilder, sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { ValidationIssue } from '../../platform/errors';
import { keysOf, reasonsBetween } from './customers.duplicates';
import { customerInUse } from './customers.in-use';

/**
 * The check of a CSV file before its import: the rows of the file (their keys in
 * customer_import_keys, the same generated columns as the customers') that may be a customer in
 * use or an earlier row of the same file, by the one rule set (`reasonsBetween`). Set-based: the
 * candidates come from joins on the indexed keys (birth date, phone digits, e-mail; the reading
 * rules need the birth date or the phone), never one query per row. Each found row is kept once,
 * a customer before an earlier row, more reasons first.
 */
export async function recordImportDuplicates(tx: TenantTransaction, importId: string): Promise<number> {
  const tenant = tx.tenantId;
  const k = keysOf('k');
  const c = keysOf('c');
  const againstCustomers = (on: RawBuilder<unknown>) => sql`
    select k.row_number, c.id as existing_id
    from customer_import_keys k
    join customers c on c.tenant_id = k.tenant_id and ${on}
    where k.tenant_id = ${tenant} and k.import_id = ${importId} and c.tenant_id = ${tenant}
      and ${customerInUse('c')}`;
  const withinFile = (on: RawBuilder<unknown>) => sql`
    select k.row_number, e.row_number as same_as_row
    from customer_import_keys k
    join customer_import_keys e on e.tenant_id = k.tenant_id and e.import_id = k.import_id
      and e.row_number < k.row_number and ${on}
    where k.tenant_id = ${tenant} and k.import_id = ${importId}
      and e.tenant_id = ${tenant} and e.import_id = ${importId}`;
  const e = keysOf('e');
  const result = await sql`
    with customer_candidates as (
      ${againstCustomers(sql`c.birth_date = k.birth_date`)}
      union ${againstCustomers(sql`${c.phone} = ${k.phone} and ${k.phone} is not null`)}
      union ${againstCustomers(sql`${c.email} = ${k.email} and ${k.email} is not null`)}
    ), file_candidates as (
      ${withinFile(sql`e.birth_date = k.birth_date`)}
      union ${withinFile(sql`${e.phone} = ${k.phone} and ${k.phone} is not null`)}
      union ${withinFile(sql`${e.email} = ${k.email} and ${k.email} is not null`)}
    ), found as (
      select p.row_number, p.existing_id, null::integer as same_as_row,
             ${reasonsBetween(k, c)} as reasons
      from customer_candidates p
      join customer_import_keys k
        on k.tenant_id = ${tenant} and k.import_id = ${importId} and k.row_number = p.row_number
      join customers c on c.tenant_id = ${tenant} and c.id = p.existing_id
      union all
      select p.row_number, null::uuid, p.same_as_row, ${reasonsBetween(k, e)}
      from file_candidates p
      join customer_import_keys k
        on k.tenant_id = ${tenant} and k.import_id = ${importId} and k.row_number = p.row_number
      join customer_import_keys e
        on e.tenant_id = ${tenant} and e.import_id = ${importId} and e.row_number = p.same_as_row
    )
    insert into customer_import_duplicates
      (tenant_id, import_id, row_number, last_name, first_name, reasons, existing_id, same_as_row)
    select distinct on (f.row_number) ${tenant}::uuid, ${importId}::uuid, f.row_number,
           k.last_name, k.first_name, f.reasons, f.existing_id, f.same_as_row
    from found f
    join customer_import_keys k
      on k.tenant_id = ${tenant} and k.import_id = ${importId} and k.row_number = f.row_number
    where cardinality(f.reasons) > 0
    order by f.row_number, (f.existing_id is null), cardinality(f.reasons) desc, f.same_as_row, f.existing_id
  `.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** Why a row was not imported, for the error report: the reasons and who it may be. */
export function skippedDuplicateMessage(
  reasons: readonly string[],
  existing: { last_name: string; first_name: string } | null,
  sameAsRow: number | null,
): string {
  const why = reasons
    .map((reason) => DUPLICATE_REASON_LABELS[reason as keyof typeof DUPLICATE_REASON_LABELS] ?? reason)
    .join('・');
  const who = existing
    ? `登録済みの顧客「${existing.last_name} ${existing.first_name}」`
    : sameAsRow !== null
      ? `このファイルの ${sameAsRow} 行目`
      : '削除された顧客';
  return `重複の可能性があるため取り込みませんでした（${who}と${why}）`;
}

/** The rows from `fromRow` to `toRow` the check found, each with its report line (the choice 'skip'). */
export async function duplicateRowsBetween(
  tx: TenantTransaction,
  importId: string,
  fromRow: number,
  toRow: number,
): Promise<Map<number, ValidationIssue>> {
  const rows = await tx
    .selectFrom('customer_import_duplicates as d')
    .leftJoin('customers as c', (join) =>
      join.onRef('c.tenant_id', '=', 'd.tenant_id').onRef('c.id', '=', 'd.existing_id'),
    )
    .select(['d.row_number', 'd.reasons', 'd.same_as_row', 'c.last_name', 'c.first_name'])
    .where('d.tenant_id', '=', tx.tenantId)
    .where('d.import_id', '=', importId)
    .where('d.row_number', '>=', fromRow)
    .where('d.row_number', '<=', toRow)
    .execute();
  return new Map(
    rows.map((row) => [
      row.row_number,
      {
        field: '',
        message: skippedDuplicateMessage(
          row.reasons,
          row.last_name !== null && row.first_name !== null
            ? { last_name: row.last_name, first_name: row.first_name }
            : null,
          row.same_as_row,
        ),
      },
    ]),
  );
}
