import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import type { Database } from '../../src/platform/db/schema';
import { type TenantTransaction, withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from './database';

/** A node of `EXPLAIN (FORMAT JSON)`. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: 'Forward' | 'Backward' | 'NoMovement';
  Plans?: PlanNode[];
}

/** The plan and every node under it, flat. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** The indexes a plan reads. */
export function indexesOf(plan: PlanNode[]): string[] {
  return plan.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
}

/** Relations of `relations` that a plan reads whole. */
export function seqScansOf(plan: PlanNode[], relations: readonly string[]): string[] {
  return plan
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .flatMap((node) => node['Relation Name'] ?? [])
    .filter((relation) => relations.includes(relation));
}

/**
 * A Kysely over `connectionString` (the app role, so that row-level security holds the queries
 * back as in the server) that remembers what it ran; `explain` EXPLAINs the SELECTs run inside
 * `work`, in the same tenant scope.
 */
export function queryPlanTracer(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 2 });
  // The pool's end resolves once its clients are told to close, not once they have: the database
  // dropped right after may terminate one still closing, which is expected then, not a failure.
  pool.on('connect', (client) => client.on('error', () => {}));
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  return {
    db,
    async explain(
      tenantId: string,
      work: () => Promise<unknown>,
    ): Promise<Array<{ sql: string; plan: PlanNode[] }>> {
      captured.length = 0;
      await work();
      const selects = captured.filter((compiled) => /^\s*(select|with)\b/i.test(compiled.sql));
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
        const plans: Array<{ sql: string; plan: PlanNode[] }> = [];
        for (const compiled of selects) {
          const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
            `explain (format json) ${compiled.sql}`,
            [...compiled.parameters],
          );
          plans.push({ sql: compiled.sql, plan: planNodes(rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode) });
        }
        await client.query('rollback');
        return plans;
      } finally {
        client.release();
      }
    },
    destroy: () => db.destroy(),
  };
}

/**
 * The set-up every list-plan test shares, called inside its describe: a fresh database with one
 * tenant, seeded in bulk by `seed` as the owner and analysed, and a tracer that EXPLAINs the
 * statements the app role runs for that tenant under row-level security.
 */
export function usePlanDatabase(options: {
  tenantId: string;
  tenantName: string;
  seed: (owner: pg.Client) => Promise<void>;
  analyze: readonly string[];
  /**
   * false: the seed writes customers without their search terms. Only for plans that never read
   * customer_search_terms: deriving ~40 terms per customer is most of a customer's insert (20,000
   * customers: about 25 of a file's 38 s).
   */
  customerSearchTerms?: false;
}) {
  const state: { database?: TestDatabase; tracer?: ReturnType<typeof queryPlanTracer> } = {};
  beforeAll(async () => {
    const database = await createTestDatabase({ seeded: false });
    state.database = database;
    await insertTenant(database.owner, { id: options.tenantId, name: options.tenantName, plan: 'standard' });
    const owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    const withoutTerms = options.customerSearchTerms === false;
    const termTriggers = (action: 'enable' | 'disable') =>
      owner.query(
        `alter table customers ${action} trigger sync_search_terms_insert, ${action} trigger sync_search_terms_update`,
      );
    try {
      if (withoutTerms) await termTriggers('disable');
      await options.seed(owner);
      if (withoutTerms) await termTriggers('enable');
      for (const table of options.analyze) await owner.query(`vacuum analyze ${table}`);
    } finally {
      await owner.end();
    }
    state.tracer = queryPlanTracer(database.appUrl);
  }, 120_000);
  afterAll(async () => {
    await state.tracer?.destroy();
    await state.database?.drop();
  });
  const tracer = () => {
    if (!state.tracer) throw new Error('the plan database is not ready (use it inside the describe)');
    return state.tracer;
  };
  return {
    /** The app role's connection pool (row-level security applies). */
    get db() {
      return tracer().db;
    },
    /** Runs `work` in the tenant's scope as the app role. */
    inTenant<T>(work: (tx: TenantTransaction) => Promise<T>): Promise<T> {
      return withTenant(tracer().db, options.tenantId, work);
    },
    /** The plan of each SELECT `work` ran, EXPLAINed in the same tenant scope. */
    async plansOf(work: (tx: TenantTransaction) => Promise<unknown>): Promise<PlanNode[][]> {
      const plans = await tracer().explain(options.tenantId, () =>
        withTenant(tracer().db, options.tenantId, work),
      );
      return plans.map(({ plan }) => plan);
    },
  };
}
