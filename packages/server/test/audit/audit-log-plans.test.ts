import { describe, expect, it } from 'vitest';
import {
  type AuditLogFilter,
  countAuditLog,
  findAuditLogPage,
} from '../../src/modules/audit/audit.repository';
import { indexesOf, type PlanNode, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '7a2c4e6f-1b3d-4f5a-8c9e-0d1f2a3b4c5d';
const ROWS = 20_000;
const CUSTOMER = '00000000-0000-4000-8000-000000000007';
const ACTOR = '00000000-0000-4000-8000-0000000000a3';

describe('access-log list plans as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '操作ログ確認クリニック',
    analyze: ['access_log'],
    async seed(owner) {
      // Row-level security is forced for the owner too: the rows go in under the tenant's scope,
      // through the trigger that numbers and chains them.
      await owner.query(`select set_config('app.tenant_id', $1, false)`, [TENANT]);
      await owner.query(
        `insert into access_log (tenant_id, actor_user_id, actor_name, action, target_type, target_id, customer_id)
         select $1::uuid,
                ('00000000-0000-4000-8000-0000000000' || lpad(to_hex(n % 200), 2, '0'))::uuid,
                '職員' || (n % 200),
                (array['customer.read','interaction.read','customer.update'])[1 + n % 3],
                'customer', n::text,
                ('00000000-0000-4000-8000-' || lpad(to_hex(n % 3000), 12, '0'))::uuid
         from generate_series(1, ${ROWS}) as n`,
        [TENANT],
      );
    },
  });

  async function plansOf(filter: AuditLogFilter): Promise<PlanNode[][]> {
    return planDb.plansOf(async (tx) => {
      await findAuditLogPage(tx, filter, { skip: 0, limit: 50 });
      await countAuditLog(tx, filter);
    });
  }

  it.each<[string, AuditLogFilter, string]>([
    ['the newest page', {}, 'access_log_time_idx'],
    ['one customer (who looked at this record)', { customerId: CUSTOMER }, 'access_log_customer_idx'],
    ['one person', { userId: ACTOR }, 'access_log_actor_idx'],
  ])('reads %s through an index; its total is bounded by the cap', async (_name, filter, index) => {
    const [page, count] = await plansOf(filter);
    expect(seqScansOf(page!, ['access_log'])).toEqual([]);
    expect(indexesOf(page!)).toContain(index);
    // The total stops at the cap (「10,000 件以上」): whatever it reads, a Limit bounds it.
    expect(count!.some((node) => node['Node Type'] === 'Limit')).toBe(true);
    if (Object.keys(filter).length > 0) expect(seqScansOf(count!, ['access_log'])).toEqual([]);
  });
});
