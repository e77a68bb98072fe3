import { recordAccess, recordRead } from '../audit/access-log';
import {
  accessEntryFor,
  isReadAction,
  type OperationAccess,
  type OperationCall,
} from '../audit/operation-access';
import type { TenantTransaction } from '../db/tenant-scope';

/**
 * How one operation's successful calls reach the access log (its `x-access-log`), decided once
 * per route: a change's row is chained in its own transaction; a read's row goes to the inbox with
 * the read's commit (recordRead); none when the operation has no `x-access-log`, or for reads
 * when ACCESS_LOG_READS is off.
 */
export function operationAccessLogging(
  access: OperationAccess | null,
  options: { accessLogReads: boolean },
): ((tx: TenantTransaction, call: OperationCall) => Promise<void>) | null {
  if (!access) return null;
  if (!isReadAction(access.action)) return (tx, call) => recordAccess(tx, accessEntryFor(access, call));
  if (!options.accessLogReads) return null;
  return (tx, call) => recordRead(tx, accessEntryFor(access, call));
}
