import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { ValidationFailedError, type ValidationIssue } from '../../platform/errors';
import { insertCustomers } from './customers.repository';
import { assertAssignable, type CustomerFields, normalizeFields } from './customers.service';

export interface ImportRowResult {
  row: number;
  status: 'valid' | 'invalid' | 'created';
  errors: ValidationIssue[];
  customerId: string | null;
}

/**
 * The small import (the app's preview, then the import itself) of rows already checked one by one
 * by the caller (customers.import-rows.ts: the contract's CustomerInput, 性別, the birth date): the
 * valid ones are created in this transaction unless it is a dry run. Assignees are checked here
 * like on create.
 */
export async function importCustomers(
  tx: TenantTransaction,
  actorId: string,
  rows: Array<{ fields: CustomerFields | null; errors: ValidationIssue[] }>,
  dryRun: boolean,
): Promise<ImportRowResult[]> {
  const results: ImportRowResult[] = [];
  const valid: Array<{ index: number; fields: CustomerFields }> = [];
  for (const [index, row] of rows.entries()) {
    const errors = [...row.errors];
    if (row.fields) {
      // Numbers are the server's to give on import (the contract says the column is not read).
      const { patient_number: _number, ...fields } = row.fields;
      row.fields = fields;
    }
    if (row.fields && errors.length === 0) {
      try {
        await assertAssignable(tx, row.fields.assignee_user_id);
      } catch (error) {
        if (!(error instanceof ValidationFailedError)) throw error;
        errors.push(...error.issues);
      }
    }
    results.push({ row: index + 1, status: errors.length ? 'invalid' : 'valid', errors, customerId: null });
    if (row.fields && errors.length === 0) valid.push({ index, fields: row.fields });
  }
  if (dryRun || valid.length === 0) return results;
  const ids = await insertCustomers(
    tx,
    valid.map(({ fields }) => ({ ...normalizeFields(fields), created_by: actorId, updated_by: actorId })),
  );
  for (const [position, { index }] of valid.entries()) {
    const result = results[index];
    if (result) {
      result.status = 'created';
      result.customerId = ids[position] ?? null;
    }
  }
  return results;
}
