// The customer-list bench's throwaway database: an embedded PostgreSQL whose log comes back to us
// (for the SQL capture), the server's own schema and demo seed, and many generated customers.
import { performance } from 'node:perf_hooks';
import { bulkInsert, columnsOf } from '../lib/bulk-insert.mjs';
import { createLogCollector, LOG_LINE_PREFIX } from '../lib/capture.mjs';
import { generateCustomers } from '../lib/data.mjs';
import { integer } from '../lib/report.mjs';
import { atCleanup, say, step } from '../lib/runtime.mjs';

/**
 * Starts PostgreSQL in runDir; its log (stderr) comes to `postgresLog`, with a prefix that names
 * backend and role, and statements are not logged until the capture turns them on.
 */
export async function startPostgres({ api, pg, runDir, detail }) {
  step('組み込み PostgreSQL を起動しています');
  const database = 'tsumiki_bench';
  const postgresLog = createLogCollector();
  const cluster = await api.startEmbeddedPostgres({
    dataDir: runDir,
    database,
    log: detail,
    postgresLog: (message) => postgresLog.push(message),
  });
  atCleanup(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.ownerUrl });
  await admin.connect();
  await admin.query(`alter system set log_line_prefix = '${LOG_LINE_PREFIX}'`);
  await admin.query('alter system set log_parameter_max_length = -1');
  await admin.query("alter system set log_statement = 'none'");
  await admin.query('select pg_reload_conf()');
  await admin.end();
  const ownerRole = decodeURIComponent(new URL(cluster.ownerUrl).username);
  return { cluster, postgresLog, ownerRole };
}

/**
 * The schema, the app role and the demo seed (its users and password hashes are the server's own),
 * and a connection as the owner for the rest of the run.
 */
export async function prepareDatabase({ api, pg, cluster, detail }) {
  step('マイグレーションとデモのテナント・ユーザーを作成しています');
  const boot = await api.bootstrapDatabase({ ownerUrl: cluster.ownerUrl, demo: true, log: detail });
  const appUrl = boot.appUrl;
  const appRole = decodeURIComponent(new URL(appUrl).username);
  const tenant = api.DEMO_TENANTS.sakura;
  const user = api.DEMO_USERS.sakuraAdmin;

  const owner = new pg.Client({ connectionString: cluster.ownerUrl, application_name: 'tsumiki-bench' });
  await owner.connect();
  atCleanup(() => owner.end());
  return { appUrl, appRole, tenant, user, owner };
}

/**
 * Replaces the tenant's demo customers with generated ones and their interactions, then vacuums
 * and analyzes so that the planner sees the real data. Returns how many rows of each went in.
 */
export async function seedCustomers({ owner, tenant, settings, now, timed }) {
  step(`顧客 ${integer(settings.customers)} 件を作成しています（テナント「${tenant.name}」）`);
  const { rows: members } = await owner.query(
    `select user_id from tenant_users where tenant_id = $1 and status = 'active' order by created_at, user_id`,
    [tenant.id],
  );
  const memberIds = members.map((row) => row.user_id);
  const dataset = await timed('データ生成', () =>
    generateCustomers({
      seed: settings.seed,
      count: settings.customers,
      tenantId: tenant.id,
      userIds: memberIds,
      now,
      interactionsPerCustomer: settings.interactionsPerCustomer,
    }),
  );
  const customerColumns = new Set((await columnsOf(owner, 'customers')).map((c) => c.name));
  const assigneeColumn = ['assignee_user_id', 'assigned_staff_id'].find((name) => customerColumns.has(name));
  const customerRows = dataset.customers.map(({ assignee, ...row }) => ({
    ...row,
    ...(assigneeColumn ? { [assigneeColumn]: assignee } : {}),
    updated_by: row.created_by,
  }));
  const interactionRows = dataset.interactions.map((row) => ({ ...row, updated_by: row.created_by }));
  await timed('投入', async () => {
    // The demo customers of this tenant make way for the generated ones (the other tenant keeps its own).
    await owner.query('delete from customers where tenant_id = $1', [tenant.id]);
    const loadStarted = performance.now();
    // A throwaway database: no need to wait for each batch to reach the disk.
    await owner.query('set synchronous_commit = off');
    let shown = 0;
    await bulkInsert(owner, 'customers', customerRows, 2_000, (done, total) => {
      // Schemas with search-term triggers take minutes for 100,000 customers: show that it moves.
      if (done === total || done - shown >= total / 5) {
        shown = done;
        say(
          `  顧客 ${integer(done)} / ${integer(total)} 件（${Math.round((performance.now() - loadStarted) / 1000)} 秒）`,
        );
      }
    });
    await bulkInsert(owner, 'interactions', interactionRows, 10_000);
    await owner.query('reset synchronous_commit');
  });
  await timed('VACUUM ANALYZE', async () => {
    await owner.query('vacuum analyze');
    await owner.query('checkpoint');
  });
  say(`  顧客 ${integer(customerRows.length)} 件、やり取り ${integer(interactionRows.length)} 件`);
  return { customers: customerRows.length, interactions: interactionRows.length };
}
