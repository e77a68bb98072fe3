import type { Generated, Selectable } from 'kysely';

/** One row of the access log (migration 0023): written by the app role, never changed. */
export interface AccessLogTable {
  tenant_id: string;
  /** 1, 2, 3, … within the tenant, in chain order; set by the database's trigger. */
  id: Generated<string>;
  /** The database's clock at the insert; set by the trigger. */
  occurred_at: Generated<Date>;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  customer_id: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  detail: Generated<Record<string, unknown>>;
  /** sha256(previous hash of the tenant || the row's canonical content); set by the trigger. */
  hash: Generated<Buffer>;
}

/** The tenant's chain: its newest row and where it starts after retention removed older rows. */
export interface AccessLogChainTable {
  tenant_id: string;
  last_id: Generated<string>;
  last_hash: Buffer | null;
  base_id: Generated<string>;
  base_hash: Buffer | null;
}

/**
 * A read's row waiting to be chained (the sealer moves it into access_log): the log's columns
 * (migration 0034), numbered in arrival order, with the database's clock at the insert.
 */
export interface AccessLogInboxTable extends Omit<AccessLogTable, 'id' | 'occurred_at' | 'hash'> {
  seq: Generated<string>;
  occurred_at: Generated<Date>;
}

declare module '../db/schema' {
  interface Database {
    access_log: AccessLogTable;
    access_log_chain: AccessLogChainTable;
    access_log_inbox: AccessLogInboxTable;
  }
}

export type AccessLogRow = Selectable<AccessLogTable>;
