import type { AccessAction } from '@tsumiki/api-client';
import { sql } from 'kysely';
import { escapeLiteral } from 'pg';
import type { DbTransaction } from '../db/database';
import {
  runBeforeCommit,
  type TenantTransaction,
  type TransactionTrace,
  transactionTrace,
} from '../db/tenant-scope';
import './access-log.tables';

export type { AccessAction } from '@tsumiki/api-client';

/** What was accessed or done: one row of the access log. */
export interface AccessEntry {
  action: AccessAction;
  /** The record acted on: its kind (`customer`, `interaction`, `document`, …) and id. */
  target?: { type: string; id: string | null } | null;
  /** The customer the access concerns (the record itself, or the one it belongs to). */
  customerId?: string | null;
  /** A little context (a file name, a count, what changed): no personal data beyond that. */
  detail?: Record<string, unknown>;
}

/** Who acted and from where, for rows written outside a request (sign-in, jobs). */
export type AccessTrace = TransactionTrace;

const MAX = { name: 200, email: 320, ip: 100, userAgent: 500, requestId: 100, targetId: 200 };

function cut(value: string | null | undefined, max: number): string | null {
  return value == null ? null : value.slice(0, max);
}

export function toRow(tenantId: string, entry: AccessEntry, trace: TransactionTrace | null) {
  return {
    tenant_id: tenantId,
    actor_user_id: trace?.actor?.userId ?? null,
    actor_name: cut(trace?.actor?.name, MAX.name),
    actor_email: cut(trace?.actor?.email, MAX.email),
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: cut(entry.target?.id, MAX.targetId),
    customer_id: entry.customerId ?? null,
    ip: cut(trace?.ip, MAX.ip),
    user_agent: cut(trace?.userAgent, MAX.userAgent),
    request_id: cut(trace?.requestId, MAX.requestId),
    detail: entry.detail ?? {},
  };
}

export type AccessLogRowInput = ReturnType<typeof toRow>;

// jsonb_to_recordset needs the columns' types; the trigger fills id, time and hash.
const COLUMNS =
  'tenant_id uuid, actor_user_id uuid, actor_name text, actor_email text, action text, ' +
  'target_type text, target_id text, customer_id uuid, ip text, user_agent text, request_id text, detail jsonb';
const NAMES = COLUMNS.split(', ')
  .map((column) => column.split(' ')[0])
  .join(', ');

/**
 * One INSERT of the rows into `table` (the log, or the reads' inbox: the same columns) as escaped
 * literal text (it travels with the commit, which takes no parameters).
 */
function insertStatement(rows: AccessLogRowInput[], table = 'access_log'): string {
  return (
    `insert into ${table} (${NAMES}) select ${NAMES} ` +
    `from jsonb_to_recordset(${escapeLiteral(JSON.stringify(rows))}::jsonb) as x(${COLUMNS})`
  );
}

/**
 * Records accesses in the request's tenant transaction: the same transaction as the read or
 * change it records, so the row exists exactly when that commits, and it commits before the
 * response goes out. Who, from where and the request id come from the transaction itself (the
 * route layer opens it with the request's trace), so a handler only says what was accessed.
 *
 * In a request transaction the row is written with the commit (one round trip, and the tenant's
 * chain lock is held only from there to the end); in any other tenant transaction at once.
 */
export async function recordAccess(tx: TenantTransaction, entry: AccessEntry | AccessEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length === 0) return;
  const trace = transactionTrace(tx);
  const statement = insertStatement(entries.map((one) => toRow(tx.tenantId, one, trace)));
  if (runBeforeCommit(tx, statement)) return;
  await sql.raw(statement).execute(tx);
}

/** The INSERT of read rows into the inbox (migrations 0023, 0034), as escaped literal text. */
export function inboxStatement(rows: AccessLogRowInput[]): string {
  return insertStatement(rows, 'access_log_inbox');
}

/**
 * Records reads of personal data in the request's tenant transaction, like recordAccess, but
 * into the inbox: the row commits with the read (so no read is answered without it), without the
 * tenant's chain lock (so reads never wait for one another or for changes), and is chained within
 * a second by the sealer (sealer.ts) — before anyone lists, exports or checks the log. The
 * route layer records an operation's reads through the read log instead (read-log.ts: several
 * reads share one commit, and the read's own transaction stays read-only).
 */
export async function recordRead(tx: TenantTransaction, entry: AccessEntry | AccessEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length === 0) return;
  const trace = transactionTrace(tx);
  const statement = inboxStatement(entries.map((one) => toRow(tx.tenantId, one, trace)));
  if (runBeforeCommit(tx, statement)) return;
  await sql.raw(statement).execute(tx);
}

/**
 * Records accesses outside a request's tenant transaction with an explicit trace: the system's
 * jobs (actor null), or a tenant transaction a module opened itself.
 */
export async function recordAccessAs(
  tx: TenantTransaction,
  trace: AccessTrace,
  entry: AccessEntry | AccessEntry[],
): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length === 0) return;
  await sql.raw(insertStatement(entries.map((one) => toRow(tx.tenantId, one, trace)))).execute(tx);
}

/**
 * Records an account event (sign-in, its failure, sign-out, a factor enrolled, …) in every tenant
 * the user is an active member of, inside the caller's transaction (the auth service's own, which
 * is not scoped to a tenant: sign-in is not tenant-specific here, the tenant is chosen per
 * request). A user with no active membership leaves no row (nothing of a tenant was accessed).
 * Leaves `app.tenant_id` as it found it.
 */
export async function recordAccountAccess(
  tx: DbTransaction,
  userId: string,
  trace: AccessTrace,
  entry: AccessEntry,
): Promise<number> {
  const { rows } = await sql<{ tenant_id: string; previous: string | null }>`
    select m.tenant_id, current_setting('app.tenant_id', true) as previous
    from tenant_users m where m.user_id = ${userId} and m.status = 'active'
    order by m.tenant_id`.execute(tx);
  if (rows.length === 0) return 0;
  const previous = rows[0]?.previous ?? '';
  for (const { tenant_id: tenantId } of rows) {
    const statement = insertStatement([toRow(tenantId, entry, trace)]);
    // Row-level security admits a row of the tenant the transaction is scoped to: one at a time.
    await sql
      .raw(`select set_config('app.tenant_id', ${escapeLiteral(tenantId)}, true); ${statement}`)
      .execute(tx);
  }
  await sql`select set_config('app.tenant_id', ${previous}, true)`.execute(tx);
  return rows.length;
}
