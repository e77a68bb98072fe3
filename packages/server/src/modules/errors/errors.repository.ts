import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db/database';
import type { NewClientErrorReportRow } from './errors.tables';

/**
 * Stores the reports, each once per sender and client id (a report sent again, by a keepalive on
 * unload and by the next flush, is skipped); how many were new. The caller's transaction decides
 * the tenant the rows may carry (migration 0007's policy): scoped to the rows' tenant, or to none.
 */
export async function insertReports(db: DbExecutor, rows: NewClientErrorReportRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('client_error_reports')
    .values(rows)
    .onConflict((conflict) => conflict.constraint('client_error_reports_report_id_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
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
