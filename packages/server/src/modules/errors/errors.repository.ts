import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db/database';
import type { NewClientErrorReportRow } from './errors.tables';

/**
 * Stores the reports, each once per sender and client id (a report sent again, by a keepalive on
 * unload and by the next flush, is skipped); how many were new. A tenant's reports go to its
 * table, nobody's to theirs (migration 0032). The caller's transaction decides which rows its
 * policies admit: scoped to the rows' tenant, or to none for the reports of nobody.
 */
export async function insertReports(db: DbExecutor, rows: NewClientErrorReportRow[]): Promise<number> {
  const tenants: Array<NewClientErrorReportRow & { tenant_id: string }> = [];
  const nobody: Omit<NewClientErrorReportRow, 'tenant_id'>[] = [];
  for (const { tenant_id, ...row } of rows) {
    if (tenant_id === null) nobody.push(row);
    else tenants.push({ ...row, tenant_id });
  }
  let stored = 0n;
  if (tenants.length > 0) {
    const result = await db
      .insertInto('client_error_reports')
      .values(tenants)
      .onConflict((conflict) => conflict.constraint('client_error_reports_report_id_key').doNothing())
      .executeTakeFirst();
    stored += result.numInsertedOrUpdatedRows ?? 0n;
  }
  if (nobody.length > 0) {
    const result = await db
      .insertInto('client_error_reports_unscoped')
      .values(nobody)
      .onConflict((conflict) =>
        conflict.constraint('client_error_reports_unscoped_report_id_key').doNothing(),
      )
      .executeTakeFirst();
    stored += result.numInsertedOrUpdatedRows ?? 0n;
  }
  return Number(stored);
}

/**
 * Deletes the reports received before `before`, of every tenant and of nobody (one statement, so
 * the function's changes of app.tenant_id end with it); how many.
 */
export async function pruneReports(db: DbExecutor, before: Date): Promise<number> {
  const { rows } = await sql<{ removed: string }>`
    select tsumiki_prune_client_error_reports(${before}) as removed
  `.execute(db);
  return Number(rows[0]?.removed ?? 0);
}
