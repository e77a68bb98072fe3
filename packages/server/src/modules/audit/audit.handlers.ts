import { compactLocalDate, tenantTimeZone } from '../../platform/access/time-zone';
import { verifyAccessLogChain } from '../../platform/audit/access-log-chain';
import { sealAccessLog } from '../../platform/audit/sealer';
import { contentDisposition } from '../../platform/http/downloads';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import { tableToCsv } from '../../platform/text/csv-file';
import type { ModuleDependencies } from '../module';
import { auditLogColumns } from './audit.csv';
import {
  AUDIT_LOG_COUNT_CAP,
  type AuditLogFilter,
  type AuditLogView,
  countAuditLog,
  findAuditLogPage,
} from './audit.repository';
import { pruneAccessLogs } from './audit.retention';

/** At most this many rows in one CSV export (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH = 1_000;

function toEntry(row: AuditLogView) {
  return { ...row, occurred_at: row.occurred_at.toISOString() };
}

function filterOf(query: {
  user_id?: string;
  customer_id?: string;
  action?: AuditLogFilter['action'];
  from?: string;
  to?: string;
}): AuditLogFilter {
  return {
    userId: query.user_id,
    customerId: query.customer_id,
    action: query.action,
    from: query.from,
    to: query.to,
  };
}

/**
 * The access log (操作ログ): the screen's list, its CSV export and the chain check. What the log
 * records is declared per operation in the contract (`x-access-log`) and written by the route
 * layer (platform/audit); this module only reads it, and removes old rows by the tenant's
 * retention.
 */
export function auditHandlers({ db, jobs, log }: ModuleDependencies) {
  jobs.work('audit.prune', async () => {
    const removed = await pruneAccessLogs(db);
    if (removed > 0) log?.info(`保存期間を過ぎた操作ログ ${removed} 行を削除しました`);
  });
  // At night in Japan, after the trash is emptied.
  jobs.schedule('audit.prune', '37 3 * * *');

  return {
    async listAuditLog({ query }, { tx }) {
      // The newest reads first join the chain, so that the screen shows them.
      await sealAccessLog(tx);
      const filter = filterOf(query);
      const [total, rows] = await Promise.all([
        countAuditLog(tx, filter),
        findAuditLogPage(tx, filter, { skip: query.skip ?? 0, limit: query.limit ?? 20 }),
      ]);
      return {
        status: 200,
        body: {
          total: Math.min(total, AUDIT_LOG_COUNT_CAP),
          total_capped: total > AUDIT_LOG_COUNT_CAP,
          entries: rows.map(toEntry),
        },
      };
    },

    async exportAuditLog({ query }, { tx }) {
      const encoding = query.encoding ?? 'utf-8';
      await sealAccessLog(tx);
      const timeZone = await tenantTimeZone(tx);
      const filter = filterOf(query);
      async function* rows() {
        let after: { occurredAt: Date; id: number } | undefined;
        let sent = 0;
        while (sent < AUDIT_EXPORT_MAX_ROWS) {
          const limit = Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent);
          const batch = await findAuditLogPage(tx, filter, {
            skip: 0,
            limit,
            ...(after === undefined ? {} : { after }),
          });
          yield* batch;
          sent += batch.length;
          if (batch.length < limit) return;
          const last = batch.at(-1)!;
          after = { occurredAt: last.occurred_at, id: last.id };
        }
      }
      const chunks: Uint8Array[] = [];
      for await (const chunk of tableToCsv(rows(), auditLogColumns(timeZone), encoding)) chunks.push(chunk);
      const date = compactLocalDate(new Date(), timeZone);
      const suffix = encoding === 'shift_jis' ? '_ShiftJIS' : '';
      return {
        status: 200,
        body: Buffer.concat(chunks),
        headers: {
          'content-type': `text/csv; charset=${encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`,
          'content-disposition': contentDisposition(
            `操作ログ_${date}${suffix}.csv`,
            `audit-log-${date}${suffix}.csv`,
          ),
        },
      };
    },

    async verifyAuditLog(_input, { tx }) {
      await sealAccessLog(tx);
      const check = await verifyAccessLogChain(tx, tx.tenantId);
      return {
        status: 200,
        body: check.ok
          ? { ok: true, checked: check.checked, broken: null }
          : {
              ok: false,
              checked: check.checked,
              broken: {
                problem: check.problem,
                id: check.rowId,
                occurred_at: check.occurredAt?.toISOString() ?? null,
                message: check.message,
              },
            },
      };
    },
  } satisfies ModuleHandlers;
}
