import { type RawBuilder, sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { type DuplicateReason, keysOf, reasonsBetween, withHashJoins } from './customers.duplicates';
import type { CustomerImportKeysTable } from './customers.import.tables';
import { customerInUse } from './customers.in-use';
import { type CustomerFields, normalizeFields } from './customers.service';

/** Fewer digits than this are not a phone number worth comparing (as in customers.duplicates.ts). */
const PHONE_MIN_DIGITS = 6;
/** Customers kept per row and group of candidates (a phone, an e-mail, one of the reading's groups). */
export const PER_KEY = 3;

/**
 * A reading (position 0) and its one-letter deletions (the position of the deleted letter, from 1).
 * Two readings are one edit apart exactly when one's whole reading is a deletion of the other's
 * (one letter more or fewer), or both lose the letter at the same position to the same deletion
 * (one letter replaced): the groups below never put two readings two edits apart together.
 */
function readingVariants(alias: string): RawBuilder<unknown> {
  const reading = sql.ref(`${alias}.reading_key`);
  return sql`lateral (
    select ${reading} as variant, 0 as position
    union all
    select overlay(${reading} placing '' from position for 1), position
    from generate_series(1, length(${reading})) as position
    where length(${reading}) >= 2
  ) as v`;
}

/**
 * The keys of a file's rows, as a relation with the columns of customer_import_keys the check
 * reads (row_number, last_name, first_name, birth_date, reading_key, phone_key, email_key).
 * `materialized`: read once (a computed list); otherwise inlined (a table with its indexes).
 */
export interface FileKeys {
  relation: RawBuilder<unknown>;
  materialized: boolean;
}

/** The keys the background import wrote for its file. */
export function storedFileKeys(tenantId: string, importId: string): FileKeys {
  return {
    relation: sql`select * from customer_import_keys
      where tenant_id = ${tenantId} and import_id = ${importId}`,
    materialized: false,
  };
}

/** A row's fields the duplicate keys are made from: those the keys table stores for a big file. */
export type FileRowFields = Omit<
  CustomerImportKeysTable,
  'tenant_id' | 'import_id' | 'reading_key' | 'phone_key' | 'email_key'
>;

/** The fields of a file's valid row (numbered as the file counts them), normalised as a save would. */
export function fileRowFields(rowNumber: number, fields: CustomerFields): FileRowFields {
  const normalized = normalizeFields(fields);
  return {
    row_number: rowNumber,
    last_name: normalized.last_name,
    first_name: normalized.first_name,
    last_name_kana: normalized.last_name_kana,
    first_name_kana: normalized.first_name_kana,
    birth_date: normalized.birth_date ?? null,
    phone: normalized.phone ?? null,
    email: normalized.email ?? null,
  };
}

/**
 * Keys of rows read in the browser (the small import), computed by the same expressions as the
 * generated columns of customers and customer_import_keys (migrations 0030 and 0037).
 */
export function listedFileKeys(rows: readonly FileRowFields[]): FileKeys {
  return {
    relation: sql`select row_number, last_name, first_name, birth_date,
        tsumiki_reading_fold(last_name_kana || first_name_kana) as reading_key,
        tsumiki_phone_digits(phone) as phone_key, lower(email) as email_key
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as listed(
        row_number integer, last_name text, first_name text, last_name_kana text,
        first_name_kana text, birth_date date, phone text, email text)`,
    materialized: true,
  };
}

/**
 * The rows of a file that may be a customer in use or an earlier row of the same file, by the one
 * rule set (`reasonsBetween`), as one statement whose `final` part reads them from `duplicates`
 * (row_number, last_name, first_name, reasons, existing_id, same_as_row). Set-based and bounded, never one query per row nor every pair of a crowded key.
 *
 * Candidates come in groups whose members all stand in the same relation to the row: the same
 * phone, the same e-mail, and for rows with a birth date the same birth date and (1) the same
 * reading, (2) the reading with the same letter replaced, (3) one letter fewer, (4) one letter
 * more. Whether a member of such a group matches the row by the rules depends on the row only
 * (a reading shorter than 4 letters matches only an equal one, which group 1 holds), so when one
 * member matches, all do: the check keeps the first earlier row of the file of each group and at
 * most PER_KEY customers of each (the newest), and still finds every row that has a match.
 * Each found row is kept once: a customer before an earlier row, more reasons first.
 */
export function fileDuplicatesQuery(tenant: string, keys: FileKeys, final: RawBuilder<unknown>) {
  const k = keysOf('k');
  const c = keysOf('c');
  const e = keysOf('e');
  const byIndex = (column: 'phone_key' | 'email_key', minimum: number) => sql`
    select k.row_number, found.id as existing_id
    from file_keys k
    cross join lateral (
      select c.id from customers c
      where c.tenant_id = ${tenant} and ${sql.ref(`c.${column}`)} = ${sql.ref(`k.${column}`)}
        and ${customerInUse('c')}
      order by c.created_at desc, c.id
      limit ${PER_KEY}
    ) found
    where length(${sql.ref(`k.${column}`)}) >= ${minimum}`;
  const firstOf = (column: 'phone_key' | 'email_key', minimum: number) => sql`
    select row_number, min(row_number) over (partition by ${sql.ref(column)}) as same_as_row
    from file_keys where length(${sql.ref(column)}) >= ${minimum}`;
  return sql`
    with file_keys as ${keys.materialized ? sql`materialized` : sql`not materialized`} (${keys.relation}),
    file_variants as (
      select k.row_number, k.birth_date, v.variant, v.position
      from file_keys k cross join ${readingVariants('k')}
      where k.birth_date is not null
    ), customer_variants as (
      select id, birth_date, variant, position,
             row_number() over (partition by birth_date, variant, position = 0
                                order by created_at desc, id) as rank_whole,
             row_number() over (partition by birth_date, variant, position
                                order by created_at desc, id) as rank_at
      from (
        select c.id, c.created_at, c.birth_date, v.variant, v.position
        from customers c cross join ${readingVariants('c')}
        where c.tenant_id = ${tenant} and ${customerInUse('c')}
          and c.birth_date in (select birth_date from file_keys where birth_date is not null)
      ) all_variants
    ), customer_candidates as (
      -- f whole, c whole: (1); f whole, c deletion: (4); f deletion, c whole: (3);
      -- both deletions at the same position: (2).
      select f.row_number, cv.id as existing_id
      from file_variants f
      join customer_variants cv on cv.birth_date = f.birth_date and cv.variant = f.variant
      where (f.position = 0 or cv.position = 0 or f.position = cv.position)
        and (case when f.position > 0 and cv.position > 0 then cv.rank_at else cv.rank_whole end) <= ${PER_KEY}
      union ${byIndex('phone_key', PHONE_MIN_DIGITS)}
      union ${byIndex('email_key', 1)}
    ), file_groups as (
      select birth_date, variant, position = 0 as whole, min(row_number) as first_row
      from file_variants group by birth_date, variant, position = 0
    ), file_groups_at as (
      select birth_date, variant, position, min(row_number) as first_row
      from file_variants where position > 0 group by birth_date, variant, position
    ), file_candidates as (
      select distinct row_number, same_as_row from (
        select f.row_number, g.first_row as same_as_row
        from file_variants f
        join file_groups g on g.birth_date = f.birth_date and g.variant = f.variant
        where f.position = 0 or g.whole
        union all
        select f.row_number, g.first_row
        from file_variants f
        join file_groups_at g
          on g.birth_date = f.birth_date and g.variant = f.variant and g.position = f.position
        union all ${firstOf('phone_key', PHONE_MIN_DIGITS)}
        union all ${firstOf('email_key', 1)}
      ) grouped
      where same_as_row < row_number
    ), found as (
      select p.row_number, p.existing_id, null::integer as same_as_row,
             ${reasonsBetween(k, c)} as reasons
      from customer_candidates p
      join file_keys k on k.row_number = p.row_number
      join customers c on c.tenant_id = ${tenant} and c.id = p.existing_id
      union all
      select p.row_number, null::uuid, p.same_as_row, ${reasonsBetween(k, e)}
      from file_candidates p
      join file_keys k on k.row_number = p.row_number
      join file_keys e on e.row_number = p.same_as_row
    ), duplicates as (
      select distinct on (f.row_number) f.row_number, k.last_name, k.first_name, f.reasons,
             f.existing_id, f.same_as_row
      from found f
      join file_keys k on k.row_number = f.row_number
      where cardinality(f.reasons) > 0
      order by f.row_number, (f.existing_id is null), cardinality(f.reasons) desc, f.same_as_row,
               f.existing_id
    )
    ${final}`;
}

export interface FileDuplicate {
  row_number: number;
  last_name: string;
  first_name: string;
  reasons: DuplicateReason[];
  existing_id: string | null;
  same_as_row: number | null;
}

/** The duplicates among rows read in the browser (the small import's check), in row order. */
export async function findListedDuplicates(
  tx: TenantTransaction,
  rows: readonly FileRowFields[],
): Promise<FileDuplicate[]> {
  if (rows.length === 0) return [];
  const query = fileDuplicatesQuery(
    tx.tenantId,
    listedFileKeys(rows),
    sql`select * from duplicates order by row_number`,
  );
  return (await withHashJoins(tx, query)).rows as FileDuplicate[];
}

/**
 * The check of a CSV file before its background import: the rows of the file (their keys in
 * customer_import_keys, the same generated columns as the customers') that may be a customer in
 * use or an earlier row of the same file, kept in customer_import_duplicates. The count found.
 */
export async function recordImportDuplicates(tx: TenantTransaction, importId: string): Promise<number> {
  const tenant = tx.tenantId;
  const query = fileDuplicatesQuery(
    tenant,
    storedFileKeys(tenant, importId),
    sql`insert into customer_import_duplicates
          (tenant_id, import_id, row_number, last_name, first_name, reasons, existing_id, same_as_row)
        select ${tenant}::uuid, ${importId}::uuid, row_number, last_name, first_name, reasons,
               existing_id, same_as_row
        from duplicates`,
  );
  const result = await withHashJoins(tx, query);
  return Number(result.numAffectedRows ?? 0);
}
