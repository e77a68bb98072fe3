import { recordAccess } from '../audit/access-log';
import {
  accessEntryFor,
  isReadAction,
  type OperationAccess,
  type OperationCall,
} from '../audit/operation-access';
import type { AccessLogReadBatcher } from '../audit/read-batcher';
import type { TenantTransaction, TransactionTrace } from '../db/tenant-scope';

/** How one operation's calls reach the access log (its `x-access-log`), decided once per route. */
export interface OperationAccessLogging {
  /** A change: its row goes with the commit of the transaction that makes it. */
  inTransaction: ((tx: TenantTransaction, call: OperationCall) => Promise<void>) | null;
  /** A read: its row is batched after the read's transaction, committed before the answer. */
  afterCommit: ((tenantId: string, trace: TransactionTrace, call: OperationCall) => Promise<void>) | null;
}

export function operationAccessLogging(
  access: OperationAccess | null,
  options: { accessLogReads: boolean; reads: AccessLogReadBatcher },
): OperationAccessLogging {
  if (!access) return { inTransaction: null, afterCommit: null };
  if (!isReadAction(access.action)) {
    return {
      inTransaction: (tx, call) => recordAccess(tx, accessEntryFor(access, call)),
      afterCommit: null,
    };
  }
  if (!options.accessLogReads) return { inTransaction: null, afterCommit: null };
  return {
    inTransaction: null,
    afterCommit: (tenantId, trace, call) =>
      options.reads.record(tenantId, trace, [accessEntryFor(access, call)]),
  };
}
