import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { type FileRowFields, findListedDuplicates } from './customers.duplicates-import';
import { type CustomerFields, normalizeFields } from './customers.service';

type RowDuplicate = components['schemas']['CustomerImportRowDuplicate'];

/**
 * The small import's check for duplicates (the preview of a file read in the browser): the valid
 * rows (numbered from 1, as sent) that may be a customer in use or an earlier row, found by the
 * background import's own query (customers.duplicates-import.ts), with the customer each may be.
 */
export async function duplicatesOfListedRows(
  tx: TenantTransaction,
  rows: ReadonlyArray<{ row: number; fields: CustomerFields }>,
): Promise<Map<number, RowDuplicate>> {
  const listed: FileRowFields[] = rows.map(({ row, fields }) => {
    const normalized = normalizeFields(fields);
    return {
      row_number: row,
      last_name: normalized.last_name,
      first_name: normalized.first_name,
      last_name_kana: normalized.last_name_kana,
      first_name_kana: normalized.first_name_kana,
      birth_date: normalized.birth_date ?? null,
      phone: normalized.phone ?? null,
      email: normalized.email ?? null,
    };
  });
  const found = await findListedDuplicates(tx, listed);
  const ids = [...new Set(found.flatMap((line) => (line.existing_id ? [line.existing_id] : [])))];
  const customers =
    ids.length === 0
      ? []
      : await tx
          .selectFrom('customers')
          .select([
            'id',
            'last_name',
            'first_name',
            'last_name_kana',
            'first_name_kana',
            'patient_number',
            sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'),
            'phone',
            'email',
          ])
          .where('tenant_id', '=', tx.tenantId)
          .where('id', 'in', ids)
          .execute();
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  return new Map(
    found.map((line) => [
      line.row_number,
      {
        reasons: line.reasons,
        existing: (line.existing_id && byId.get(line.existing_id)) || null,
        same_as_row: line.same_as_row,
      },
    ]),
  );
}
