import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/schema';
import { compiler, slotsOf, statementCache } from './customers.statements';

interface Values {
  tenantId: string;
  term: string;
  skip: number;
  limit: number;
}

/** A statement of the list's kind: values in a subquery, in a raw fragment, in offset and limit. */
function build(db: Kysely<Database>, v: Values, order: 'asc' | 'desc') {
  const page = db
    .selectFrom('customer_search_terms as t')
    .select('t.customer_id')
    .where('t.tenant_id', '=', v.tenantId)
    .where('t.scope', '=', 'a')
    .where(sql<boolean>`t.term = any(tsumiki_bigrams(tsumiki_search_fold(${v.term})))`)
    .orderBy(sql`t.created_at ${sql.raw(order)}`)
    .offset(v.skip)
    .limit(v.limit);
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.last_name'])
    .where('c.tenant_id', '=', v.tenantId)
    .where('c.id', 'in', page)
    .where('c.deleted_at', 'is', null);
}

describe('statements compiled once per shape', () => {
  const cache = statementCache<Values>(slotsOf<Values>(['tenantId', 'term', 'skip', 'limit']));
  const requests: Values[] = [
    { tenantId: '00000000-0000-4000-8000-000000000001', term: '佐藤', skip: 0, limit: 20 },
    { tenantId: '00000000-0000-4000-8000-000000000002', term: "o'hara", skip: 40, limit: 5 },
    // The same value in two slots, and a value equal to a constant of the statement ('a').
    { tenantId: 'a', term: 'a', skip: 20, limit: 20 },
  ];

  it('gives each request the text and values building the statement with its values would', () => {
    for (const order of ['asc', 'desc'] as const) {
      for (const values of requests) {
        const cached = cache.statement(`page:${order}`, (db, v) => build(db, v, order), values);
        const built = build(compiler, values, order).compile();
        expect(cached.sql).toBe(built.sql);
        expect(cached.parameters).toEqual(built.parameters);
      }
    }
  });

  it('keeps one compiled statement per key: the shape is in the key, the values are not', () => {
    const first = cache.statement('page:asc', (db, v) => build(db, v, 'asc'), requests[0] as Values);
    // A builder for a key already compiled is not run again.
    const again = cache.statement(
      'page:asc',
      () => {
        throw new Error('built twice');
      },
      requests[1] as Values,
    );
    expect(again.sql).toBe(first.sql);
    expect(again.parameters).not.toEqual(first.parameters);
  });

  it('refuses to run a statement with a value missing', () => {
    const missing = { ...requests[0], term: undefined } as unknown as Values;
    expect(() => cache.statement('page:desc', (db, v) => build(db, v, 'desc'), missing)).toThrow(/term/);
  });
});
