import { DUPLICATE_REASON_LABELS } from '@tsumiki/api-client';
import { type RawBuilder, sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { ValidationIssue } from '../../platform/errors';
import { keysOf, reasonsBetween } from './customers.duplicates';
import { customerInUse } from './customers.in-use';

/** Fewer digits than this are not a phone number worth comparing (as in customers.duplicates.ts). */
const PHONE_MIN_DIGITS = 6;
/** Customers looked at per row and key (phone, e-mail, birth date and reading variant). */
const PER_KEY = 3;

/** A reading and its one-letter deletions: two readings one edit apart share one of them. */
function readingVariants(alias: string): RawBuilder<unknown> {
  const reading = sql.ref(`${alias}.reading_key`);
  return sql`lateral (
    select ${reading} as variant
    union all
    select overlay(${reading} placing '' from position for 1)
    from generate_series(1, length(${reading})) as position
    where length(${reading}) >= 2
  ) as v`;
}

/**
 * The check of a CSV file before its import: the rows of the file (their keys in
 * customer_import_keys, the same generated columns as the customers') that may be a customer in
 * use or an earlier row of the same file, by the one rule set (`reasonsBetween`). Set-based and
 * bounded, never one query per row nor every pair of a crowded key: a row is compared with the
 * first earlier row of the file sharing a key (window functions), with at most PER_KEY customers
 * of its phone or e-mail (their indexes), and with at most PER_KEY customers per birth date and
 * one-letter deletion of its reading (the reading rules need the same birth date): a crowded key
 * (many customers born the same day with readings one letter apart) never multiplies the file's
 * rows by the customers'. Each
 * found row is kept once: a customer before an earlier row, more reasons first.
 */
export async function recordImportDuplicates(tx: TenantTransaction, importId: string): Promise<number> {
  const tenant = tx.tenantId;
  const k = keysOf('k');
  const c = keysOf('c');
  const e = keysOf('e');
  const ofImport = (alias: string) =>
    sql`${sql.ref(`${alias}.tenant_id`)} = ${tenant} and ${sql.ref(`${alias}.import_id`)} = ${importId}`;
  const byIndex = (column: 'phone_key' | 'email_key', minimum: number) => sql`
    select k.row_number, found.id as existing_id
    from customer_import_keys k
    cross join lateral (
      select c.id from customers c
      where c.tenant_id = ${tenant} and ${sql.ref(`c.${column}`)} = ${sql.ref(`k.${column}`)}
        and ${customerInUse('c')}
      order by c.created_at desc, c.id
      limit ${PER_KEY}
    ) found
    where ${ofImport('k')} and length(${sql.ref(`k.${column}`)}) >= ${minimum}`;
  const firstOf = (partition: RawBuilder<unknown>, from: RawBuilder<unknown>) => sql`
    select row_number, min(row_number) over (partition by ${partition}) as same_as_row from ${from}`;
  // The keys were just written: the planner has no statistics for them and would pick nested
  // loops over the whole file; hash joins keep the check linear (the lateral lookups still use
  // the phone and e-mail indexes).
  await sql`set local enable_nestloop = off`.execute(tx);
  const result = await sql`
    with file_variants as (
      select k.row_number, k.birth_date, v.variant
      from customer_import_keys k cross join ${readingVariants('k')}
      where ${ofImport('k')} and k.birth_date is not null
    ), customer_variants as (
      select id, birth_date, variant,
             row_number() over (partition by birth_date, variant order by created_at desc, id) as rank
      from (
        select c.id, c.created_at, c.birth_date, v.variant
        from customers c cross join ${readingVariants('c')}
        where c.tenant_id = ${tenant} and ${customerInUse('c')}
          and c.birth_date in (
            select k.birth_date from customer_import_keys k where ${ofImport('k')} and k.birth_date is not null
          )
      ) all_variants
    ), customer_candidates as (
      select f.row_number, cv.id as existing_id
      from file_variants f
      join customer_variants cv
        on cv.birth_date = f.birth_date and cv.variant = f.variant and cv.rank <= ${PER_KEY}
      union ${byIndex('phone_key', PHONE_MIN_DIGITS)}
      union ${byIndex('email_key', 1)}
    ), file_candidates as (
      select distinct row_number, same_as_row from (
        ${firstOf(sql`birth_date, variant`, sql`file_variants`)}
        union all ${firstOf(sql`phone_key`, sql`customer_import_keys k where ${ofImport('k')} and length(k.phone_key) >= ${PHONE_MIN_DIGITS}`)}
        union all ${firstOf(sql`email_key`, sql`customer_import_keys k where ${ofImport('k')} and k.email_key is not null`)}
      ) grouped
      where same_as_row < row_number
    ), found as (
      select p.row_number, p.existing_id, null::integer as same_as_row,
             ${reasonsBetween(k, c)} as reasons
      from customer_candidates p
      join customer_import_keys k on ${ofImport('k')} and k.row_number = p.row_number
      join customers c on c.tenant_id = ${tenant} and c.id = p.existing_id
      union all
      select p.row_number, null::uuid, p.same_as_row, ${reasonsBetween(k, e)}
      from file_candidates p
      join customer_import_keys k on ${ofImport('k')} and k.row_number = p.row_number
      join customer_import_keys e on ${ofImport('e')} and e.row_number = p.same_as_row
    )
    insert into customer_import_duplicates
      (tenant_id, import_id, row_number, last_name, first_name, reasons, existing_id, same_as_row)
    select distinct on (f.row_number) ${tenant}::uuid, ${importId}::uuid, f.row_number,
           k.last_name, k.first_name, f.reasons, f.existing_id, f.same_as_row
    from found f
    join customer_import_keys k on ${ofImport('k')} and k.row_number = f.row_number
    where cardinality(f.reasons) > 0
    order by f.row_number, (f.existing_id is null), cardinality(f.reasons) desc, f.same_as_row, f.existing_id
  `.execute(tx);
  await sql`set local enable_nestloop = on`.execute(tx);
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
