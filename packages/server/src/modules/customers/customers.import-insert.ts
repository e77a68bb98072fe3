import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { ValidationIssue } from '../../platform/errors';
import { insertCustomers } from './customers.repository';
import type { NewCustomerRow } from './customers.tables';

type Values = Omit<NewCustomerRow, 'tenant_id'>;

/** What the database refuses of one row, said to people; null for a failure that is not the row's. */
function refusal(error: unknown): ValidationIssue | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code === '23505' && constraint?.includes('patient_number')) {
    return {
      field: 'patient_number',
      message: 'この診察券番号はほかの顧客（またはファイルの前の行）に使われています',
    };
  }
  if (code === '23505') return { field: '', message: '同じ内容の顧客がすでに登録されています' };
  if (
    code === '23514' ||
    code === '22001' ||
    code === '23502' ||
    code === '22P02' ||
    code === '22007' ||
    code === '22008'
  ) {
    return { field: '', message: 'この行の値は登録できません（長すぎる・形式が違うなど）' };
  }
  if (code === '23503') return { field: '', message: 'この行が指す相手が見つかりません' };
  return null;
}

/**
 * Inserts checked rows in one multi-row insert; when the database refuses it (a 診察券番号 taken,
 * twice in the file …), falls back to one insert per row, each under its own savepoint, so the
 * refused rows are named and the others kept — a row is never half applied. Returns the refused
 * rows with their reason; any other failure (the connection) throws and the batch rolls back.
 */
export async function insertCustomerBatch(
  tx: TenantTransaction,
  rows: Array<{ rowNumber: number; values: Values }>,
): Promise<Map<number, ValidationIssue[]>> {
  const refused = new Map<number, ValidationIssue[]>();
  if (rows.length === 0) return refused;
  await sql`savepoint customer_import_batch`.execute(tx);
  try {
    await insertCustomers(
      tx,
      rows.map((row) => row.values),
    );
    await sql`release savepoint customer_import_batch`.execute(tx);
    return refused;
  } catch (error) {
    if (!refusal(error)) throw error;
    await sql`rollback to savepoint customer_import_batch`.execute(tx);
  }
  for (const row of rows) {
    await sql`savepoint customer_import_row`.execute(tx);
    try {
      await insertCustomers(tx, [row.values]);
      await sql`release savepoint customer_import_row`.execute(tx);
    } catch (error) {
      const issue = refusal(error);
      if (!issue) throw error;
      await sql`rollback to savepoint customer_import_row`.execute(tx);
      refused.set(row.rowNumber, [issue]);
    }
  }
  return refused;
}
