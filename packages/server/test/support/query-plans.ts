import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/platform/db/schema';

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
      const selects = captured.filter((compiled) => /^\s*select/i.test(compiled.sql));
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
