/**
 * The notifications inbox (the bell and /notifications: a page, the filtered total and the unread
 * count), EXPLAINed as the app role under row-level security with realistic volumes: one user's
 * newest page comes from `notifications_inbox_idx`, and none of the inbox queries reads the whole
 * table.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countUnread,
  findNotificationPage,
  type NotificationFilter,
} from '../../src/modules/notifications/notifications.repository';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { indexesOf, type PlanNode, queryPlanTracer, seqScansOf } from '../support/query-plans';

const TENANT = '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f41';
const OTHER_TENANT = '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f42';
const MEMBERS = 25;
const PER_MEMBER = 2_000;
/** The member whose inbox is read. */
const USER = '00000000-0000-4000-8000-000000000001';

describe('notifications inbox plans as the app role', () => {
  let database: TestDatabase;
  let tracer: ReturnType<typeof queryPlanTracer>;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '通知計画クリニック', plan: 'standard' });
    await insertTenant(database.owner, { id: OTHER_TENANT, name: '別の医院', plan: 'basic' });
    const owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    // Members of both tenants (the same ids in each), each with PER_MEMBER notifications over the
    // last year, one in ten unread and mostly recent ones, in every category.
    await owner.query(
      `insert into users (id, email)
       select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'member' || n || '@plans.example'
       from generate_series(1, $1::int) as n`,
      [MEMBERS],
    );
    await owner.query(
      `insert into tenant_users (tenant_id, user_id, role, permissions)
       select t, u.id, 'staff', '{notifications.read,notifications.write}'
       from users u cross join unnest($1::uuid[]) as t`,
      [[TENANT, OTHER_TENANT]],
    );
    await owner.query(
      `insert into notifications (tenant_id, user_id, title, message, type, category, link, read_at, created_at)
       select m.tenant_id, m.user_id, '顧客が登録されました', '「山田 花子」さんを登録しました', 
              (array['success','warning','error','info'])[1 + n % 4],
              (array['customer','interaction','document','ai_analysis','user','system'])[1 + n % 6],
              '/customers/' || gen_random_uuid(),
              case when n % 10 = 0 and n < 600 then null else now() - (n || ' minutes')::interval end,
              now() - (n * 263 || ' seconds')::interval
       from tenant_users m cross join generate_series(1, $1::int) as n`,
      [PER_MEMBER],
    );
    await owner.query('vacuum analyze notifications');
    await owner.end();

    tracer = queryPlanTracer(database.appUrl);
  }, 120_000);

  afterAll(async () => {
    await tracer.destroy();
    await database.drop();
  });

  /** The plan of each SELECT the inbox ran (the page call, then the bell's count), in the same tenant scope. */
  const plansOf = (filter: NotificationFilter, page = { skip: 0, limit: 10 }) =>
    tracer.explain(TENANT, () =>
      withTenant(tracer.db, TENANT, async (tx) => {
        await findNotificationPage(tx, USER, filter, page);
        await countUnread(tx, USER);
      }),
    );

  function expectNoSeqScan(plans: Array<{ plan: PlanNode[] }>) {
    for (const { plan } of plans) expect(seqScansOf(plan, ['notifications'])).toEqual([]);
  }

  it('reads the newest page, the total and the unread count of one user from the inbox indexes', async () => {
    const plans = await plansOf({ unreadOnly: false });
    // count(*), the page, the unread count (of the page call), the unread count (the bell's)
    expect(plans).toHaveLength(4);
    expectNoSeqScan(plans);
    const page = plans.find(({ sql }) => /limit/i.test(sql));
    expect(indexesOf(page?.plan ?? [])).toContain('notifications_inbox_idx');
    // The page is walked in index order: no sort of the user's notifications.
    expect(page?.plan.some((node) => node['Node Type'] === 'Sort')).toBe(false);
    // The total counts from the inbox index alone; the unread counts from the partial unread index.
    const [total, , ...unread] = plans;
    expect(indexesOf(total?.plan ?? [])).toContain('notifications_inbox_idx');
    for (const { plan } of unread) expect(indexesOf(plan)).toContain('notifications_unread_idx');
  });

  it('walks a later page ("もっと見る") and the unread-only view on an index too', async () => {
    expectNoSeqScan(await plansOf({ unreadOnly: false }, { skip: 190, limit: 10 }));
    expectNoSeqScan(await plansOf({ unreadOnly: true }));
    expectNoSeqScan(await plansOf({ unreadOnly: false, category: 'customer' }));
  });

  it('counts only the tenant and user asked for', async () => {
    await withTenant(tracer.db, TENANT, async (tx) => {
      const page = await findNotificationPage(tx, USER, { unreadOnly: false }, { skip: 0, limit: 10 });
      expect(page.total).toBe(PER_MEMBER);
      expect(page.unreadCount).toBe(59);
      expect(page.notifications).toHaveLength(10);
      expect(await countUnread(tx, USER)).toBe(59);
    });
  });
});
