import {
  type Compilable,
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';

/**
 * Statements built once per shape and compiled once, then run with each request's values: the
 * customer list is the product's busiest read, and building and compiling its Kysely queries
 * anew took about a tenth of the server's time on it. A statement is built with a slot in place
 * of every value that varies (`slotsOf`), compiled without a database, and kept under a key that
 * names everything else it depends on; a request puts its own values in the slots' places, and
 * the text is the same as building the statement with those values would have made.
 */

/** A value not known when the statement is compiled: the request's value of `key` goes there. */
class Slot {
  constructor(readonly key: string) {}
}

/** Kysely with PostgreSQL's compiler and no connection: it only compiles. */
export const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** One slot for each key, typed as the values they stand for (they go where the values would). */
export function slotsOf<V extends object>(keys: ReadonlyArray<keyof V & string>): V {
  return Object.fromEntries(keys.map((key) => [key, new Slot(key)])) as V;
}

type Build<V> = (db: Kysely<Database>, slots: V) => Compilable;

export interface StatementCache<V> {
  /** The statement `build` makes for `key` (built and compiled the first time), with `values` in it. */
  statement(key: string, build: Build<V>, values: V): CompiledQuery;
  /** Runs that statement in the tenant's scope. */
  run<R>(tx: TenantTransaction, key: string, build: Build<V>, values: V): Promise<R[]>;
}

export function statementCache<V extends object>(slots: V): StatementCache<V> {
  const compiled = new Map<string, CompiledQuery>();
  const statement = (key: string, build: Build<V>, values: V): CompiledQuery => {
    let made = compiled.get(key);
    if (!made) {
      made = build(compiler, slots).compile();
      compiled.set(key, made);
    }
    const parameters = made.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter;
      const value = (values as Record<string, unknown>)[parameter.key];
      if (value === undefined) throw new Error(`文 ${key} の値 ${parameter.key} がありません`);
      return value;
    });
    return CompiledQuery.raw(made.sql, parameters);
  };
  return {
    statement,
    async run<R>(tx: TenantTransaction, key: string, build: Build<V>, values: V): Promise<R[]> {
      const { rows } = await tx.executeQuery<R>(statement(key, build, values));
      return rows;
    },
  };
}
