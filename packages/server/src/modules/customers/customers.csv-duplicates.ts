import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { fileRowFields, findListedDuplicates } from './customers.duplicates-import';
import type { CustomerFields } from './customers.service';

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
  const found = await findListedDuplicates(
    tx,
    rows.map(({ row, fields }) => fileRowFields(row, fields)),
  );
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
