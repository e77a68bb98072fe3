import type { ColumnType, Generated, Insertable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

type Json = ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, never>;

/** A report a browser sent (migration 0007); never updated once received. */
export interface ClientErrorReportsTable {
  id: Generated<string>;
  /** The tenant of X-Tenant-Id when a signed-in sender belongs to it; null otherwise. */
  tenant_id: string | null;
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

declare module '../../platform/db/schema' {
  interface Database {
    client_error_reports: ClientErrorReportsTable;
  }
}

export type NewClientErrorReportRow = Insertable<ClientErrorReportsTable>;
