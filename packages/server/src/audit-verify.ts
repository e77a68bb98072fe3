/**
 * `pnpm audit:verify`: checks the access-log chain of every tenant with the owner connection
 * (DATABASE_URL, else the embedded PostgreSQL under TSUMIKI_DATA_DIR, shared with a running
 * server) and exits 1 naming the first broken row of each tenant whose chain does not hold.
 */
import { loadConfig } from './config';
import { verifyEveryAccessLog } from './platform/audit/verify-all';
import { openDatabase } from './platform/db/database';
import { startEmbeddedPostgres } from './platform/db/embedded';

async function main(): Promise<number> {
  const config = loadConfig();
  const cluster = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const db = openDatabase(config.databaseUrl ?? cluster!.ownerUrl, {
    max: 1,
    applicationName: 'tsumiki-audit-verify',
  });
  try {
    const results = await verifyEveryAccessLog(db);
    let broken = 0;
    for (const { tenantId, tenantName, check } of results) {
      if (check.ok) {
        console.log(`OK   ${tenantName}（${tenantId}）: ${check.checked} 行の連鎖を確認しました`);
        continue;
      }
      broken += 1;
      const at = check.occurredAt ? `（${check.occurredAt.toISOString()}）` : '';
      console.error(
        `NG   ${tenantName}（${tenantId}）: ${check.message}${at} row=${check.rowId ?? '-'} problem=${check.problem}`,
      );
    }
    if (broken > 0) {
      console.error(`操作ログの改ざんまたは削除が ${broken} テナントで見つかりました。`);
      return 1;
    }
    console.log(`すべてのテナント（${results.length}）の操作ログの連鎖が保たれています。`);
    return 0;
  } finally {
    await db.destroy();
    await cluster?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
