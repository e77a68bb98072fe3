import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/platform/db/tenant-scope';
import { toAppError } from '../src/platform/http/error-handler';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { createTestDatabase, type TestDatabase } from './support/database';

/** Real PostgreSQL integrity errors, as the error handler turns them into envelopes. */
describe('integrity errors become 409 / 422, never 500', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  async function failure(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('the statement did not fail');
  }

  it('a duplicate key is 409 RES_002', async () => {
    const error = await failure(() =>
      database.owner
        .insertInto('tenant_users')
        .values({ tenant_id: DEMO_TENANTS.sakura.id, user_id: DEMO_USERS.sakuraAdmin.id, role: 'admin' })
        .execute(),
    );
    expect(toAppError(error)).toMatchObject({
      code: 'RES_002',
      status: 409,
      message: '同じ内容のデータがすでに登録されています。',
    });
  });

  it('a reference to nothing is 422 VAL_003 naming the field, not the tenant', async () => {
    const error = await failure(() =>
      withTenant(database.db, DEMO_TENANTS.sakura.id, (tx) =>
        tx
          .insertInto('customers')
          .values({
            tenant_id: DEMO_TENANTS.sakura.id,
            last_name: '参照',
            first_name: '違反',
            last_name_kana: 'サンショウ',
            first_name_kana: 'イハン',
            assignee_user_id: DEMO_USERS.midoriAdmin.id,
          })
          .execute(),
      ),
    );
    const appError = toAppError(error);
    // Its shape is the contract's; it names what is not stored (VAL_003, not VAL_001).
    expect(appError).toMatchObject({ code: 'VAL_003', status: 422 });
    expect((appError as unknown as { issues: unknown }).issues).toEqual([
      { field: 'assignee_user_id', message: '存在しないデータが指定されています' },
    ]);
  });

  it('a broken rule is 422 VAL_001', async () => {
    const error = await failure(() =>
      withTenant(database.db, DEMO_TENANTS.sakura.id, (tx) =>
        sql`update customers set prefecture = 'ニューヨーク' where tenant_id = ${DEMO_TENANTS.sakura.id}`.execute(
          tx,
        ),
      ),
    );
    expect(toAppError(error)).toMatchObject({ code: 'VAL_001', status: 422 });
  });
});
