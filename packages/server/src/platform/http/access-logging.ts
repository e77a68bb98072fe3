import { recordAccess } from '../audit/access-log';
import {
  accessEntryFor,
  isReadAction,
  type OperationAccess,
  type OperationCall,
} from '../audit/operation-access';
import type { ReadLog } from '../audit/read-log';
import type { TenantTransaction, TransactionTrace } from '../db/tenant-scope';

/** How one operation's calls reach the access log (its `x-access-log`), decided once per route. */
export interface OperationLogging {
  /** A change: its row is chained in the request's own transaction, with its commit. */
  change: ((tx: TenantTransaction, call: OperationCall) => Promise<void>) | null;
  /**
   * A read: its row is committed through the read log (audit/read-log.ts, group commit), and the
   * route layer answers only once that has resolved. `early` when the row needs nothing of the
   * answer: it is then written while the read runs — once the permission check has passed, so
   * the row records an attempt to read, kept even when the read then fails (a 404, say); else it
   * is written after a successful read.
   */
  read: {
    early: boolean;
    record: (tenantId: string, trace: TransactionTrace, call: OperationCall) => Promise<void>;
  } | null;
}

const NONE: OperationLogging = { change: null, read: null };

/**
 * Decides an operation's logging: none without `x-access-log`, or for reads when ACCESS_LOG_READS
 * is off.
 */
export function operationAccessLogging(
  access: OperationAccess | null,
  options: { accessLogReads: boolean; readLog: ReadLog },
): OperationLogging {
  if (!access) return NONE;
  if (!isReadAction(access.action))
    return { change: (tx, call) => recordAccess(tx, accessEntryFor(access, call)), read: null };
  if (!options.accessLogReads) return NONE;
  const paths = [access.id, access.customer, ...access.detail];
  return {
    change: null,
    read: {
      early: paths.every((path) => !path?.startsWith('response.') && !path?.startsWith('logged.')),
      record: (tenantId, trace, call) =>
        options.readLog.record(tenantId, trace, [accessEntryFor(access, call)]),
    },
  };
}
