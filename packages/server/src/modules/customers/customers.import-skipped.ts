import { DUPLICATE_REASON_LABELS } from '@tsumiki/api-client';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { ValidationIssue } from '../../platform/errors';

/** The rows the check before an import found, as the import skips them (the choice 'skip'). */

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
