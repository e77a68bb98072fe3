import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDuplicatePairs } from '../../src/modules/customers/customers.duplicates';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { openDatabase } from '../../src/platform/db/database';
import { readInTenant } from '../../src/platform/db/read-scope';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from '../support/database';

const TENANT = '3e8b1f0a-6c2d-4b7e-9a5f-1d2c3b4a5e69';
const MANY = 6_000;

/**
 * A new installation's first big import: the customers table has never been analysed (the demo's
 * few customers are below autovacuum's threshold), so until autovacuum gets to it the planner
 * takes each side of the list's joins for a row and, left to itself, pairs the whole tenant by
 * nested loops (about 9 s for 3,000 customers here, quadratic). The list turns nested loops off,
 * so that it stays linear whatever the statistics say.
 */
describe('重複の候補 right after a big import', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '大量取込医院', plan: 'standard' });
    const owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    try {
      const insert = (from: number, to: number) =>
        owner.query(
          `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, birth_date, phone, email)
           select $1::uuid, '取込' || n, '花子',
                  (array['サトウ', 'スズキ', 'タカハシ', 'タナカ', 'ヤマダ', 'イトウ'])[1 + n % 6] || chr(12450 + n % 80),
                  (array['ハナコ', 'タロウ', 'ユミ', 'ケンタ'])[1 + n % 4],
                  date '1935-01-01' + (n::bigint * 7919 % 25000)::integer,
                  '090' || lpad((n::bigint * 104729 % 100000000)::text, 8, '0'), 'patient' || n || '@example.jp'
           from generate_series($2::integer, $3::integer) as n`,
          [TENANT, from, to],
        );
      await insert(1, MANY);
      // One pair: the same birth date, the reading one letter apart.
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, birth_date)
         select $1::uuid, '双子', given, 'フタゴ', given, date '2010-06-15'
         from unnest(array['ハルカ', 'ハルナ']) as given`,
        [TENANT],
      );
    } finally {
      await owner.end();
    }
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  });

  // Nested loops over 6,000 customers take tens of seconds; the linear plan takes milliseconds.
  const limited = () =>
    openDatabase(`${database.appUrl}?options=${encodeURIComponent('-c statement_timeout=5s')}`);

  it('answers in well under the time nested loops would take, before the table is analysed', async () => {
    const { rows } = await sql<{ reltuples: number }>`
      select reltuples from pg_class where oid = 'customers'::regclass`.execute(database.owner);
    expect(Number(rows[0]?.reltuples)).toBeLessThan(0);
    const db = limited();
    try {
      // As a GET runs it (batched reads, each batch its own implicit transaction) and in a
      // transaction of its own.
      for (const scope of [readInTenant, withTenant]) {
        const page = await scope(db, TENANT, (tx) => findDuplicatePairs(tx, { skip: 0, limit: 20 }));
        expect(page.total, scope.name).toBe(1);
        expect(page.pairs[0]?.reasons).toEqual(['similar_reading']);
      }
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
