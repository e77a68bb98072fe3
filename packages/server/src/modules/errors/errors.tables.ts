import type { ColumnType, Generated, Insertable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

type Json = ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, never>;

/** A report a browser sent (migrations 0007, 0032); never updated once received. */
interface ClientErrorReportColumns {
  id: Generated<string>;
  /** The user of a valid access token; null for a report sent signed out. */
  user_id: string | null;
  /** The client's own id of the report (ClientErrorReport.id). */
  report_id: string;
  type: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  category: string;
  message: string;
  stack: string | null;
  source: string | null;
  recoverable: boolean;
  user_impact: 'none' | 'minimal' | 'degraded' | 'blocking';
  tags: ColumnType<string[], string[] | undefined, never>;
  line_number: number | null;
  column_number: number | null;
  context: Json;
  metadata: Json;
  reported_at: ColumnType<Date, Date | string, never>;
  reported_by: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string;
  received_at: CreatedAt;
}

/** A tenant's report: the tenant of X-Tenant-Id, when a signed-in sender belongs to it. */
export interface ClientErrorReportsTable extends ClientErrorReportColumns {
  tenant_id: string;
}

/** A report of nobody: sent signed out, or signed in without X-Tenant-Id (a global table). */
export type UnscopedClientErrorReportsTable = ClientErrorReportColumns;

declare module '../../platform/db/schema' {
  interface Database {
    client_error_reports: ClientErrorReportsTable;
    client_error_reports_unscoped: UnscopedClientErrorReportsTable;
  }
}

/** A report to store: with its tenant, or with none (then it goes to the reports of nobody). */
export type NewClientErrorReportRow = Insertable<UnscopedClientErrorReportsTable> & {
  tenant_id: string | null;
};
