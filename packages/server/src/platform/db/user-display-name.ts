import { type RawBuilder, sql } from 'kysely';

/**
 * A user's name as screens show it: the full name, else the email. `alias` names the joined
 * `users` row of the query.
 */
export function userDisplayName(alias: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`coalesce(nullif(${sql.ref(`${alias}.full_name`)}, ''), ${sql.ref(`${alias}.email`)})`;
}
