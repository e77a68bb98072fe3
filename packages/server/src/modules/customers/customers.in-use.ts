import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The one rule of which customers the product may use: not in the trash and not stopped at the
 * person's own request (利用停止). Every list, search, count, figure and AI feature that selects
 * customers applies it (`alias` is the customers table's name or alias in that query); the list's
 * indexes and the search terms follow the same rule (migration 0024). Only the record itself, by
 * id, stays open to those who manage people's requests.
 */
export function customerInUse(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.deleted_at`)} is null and ${sql.ref(`${alias}.use_stopped_at`)} is null)`;
}
