import type pg from 'pg';

/**
 * The rule that keeps the schema distributable by tenant (Citus-style co-location): every tenant
 * table carries `tenant_id` in its primary key, in every foreign key to another tenant table
 * (matched column to column) and in every unique key; every other table is listed here as global,
 * with its reason, and refers to no tenant table. docs/tenant-keys.md explains it.
 *
 * Only the `public` schema is read. The job queue's own schema (`pgboss`, created by pg-boss as the
 * app role) is pg-boss's to shape and is left out; the embedded auth service's tables live in
 * `public` and are checked like the rest (they are global: see the list).
 */
export const GLOBAL_TABLES: Readonly<Record<string, string>> = {
  schema_migrations: 'migration bookkeeping: one row per applied file, for the whole database',
  tenants: 'the tenants themselves: the distribution key, a reference table',
  users: 'auth users: one person signs in once and may belong to several tenants',
  auth_sessions: "auth: a user's sign-in session, before and across tenants",
  auth_session_events: "auth: the session's own history (extend, revoke), keyed by session",
  refresh_tokens: 'auth: rotation of a session, keyed by token',
  auth_sign_in_failures: 'auth: the sign-in throttle, keyed by address and e-mail, before any tenant',
  auth_oidc_flows: 'auth: a Google sign-in in flight (state, nonce, PKCE), before any tenant',
  auth_identities: "auth: a user's external identity (Google subject)",
  auth_codes: 'auth: one-time PKCE codes, before any tenant',
  auth_mfa_factors: "auth: a user's second factors, shared by all the user's tenants",
  auth_mfa_challenges: 'auth: a second-factor challenge in flight',
  auth_mfa_recovery_codes: "auth: a user's recovery codes",
  server_secrets: 'server keys (token signing, encryption), one set per installation',
  client_error_reports_unscoped:
    'browser error reports of nobody (sent signed out or without a tenant), readable outside tenants only',
  rate_limit_counters: 'rate limits keyed by client (address, token), shared by every process',
};

export type Rule =
  | 'primary key without tenant_id'
  | 'no primary key'
  | 'foreign key without tenant_id on both sides'
  | 'unique key without tenant_id'
  | 'global table not listed'
  | 'global table refers to a tenant table'
  | 'listed as global but has tenant_id';

export interface Offence {
  table: string;
  rule: Rule;
  detail: string;
}

interface TableRow {
  table: string;
  has_tenant_id: boolean;
  primary_key: string[] | null;
}

interface ForeignKeyRow {
  table: string;
  name: string;
  columns: string[];
  referenced_table: string;
  referenced_columns: string[];
}

const tablesQuery = `
  select c.relname as table,
         exists (select 1 from pg_attribute a
                  where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant_id,
         (select array_agg(a.attname::text order by k.ordinality)
            from pg_constraint p
            cross join lateral unnest(p.conkey) with ordinality as k(attnum, ordinality)
            join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
           where p.conrelid = c.oid and p.contype = 'p') as primary_key
    from pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     and not c.relispartition
   order by c.relname`;

// Unique constraints and unique indexes (partial ones too) of tables with tenant_id that leave it
// out: a distributed table can only enforce uniqueness within one tenant's shard.
const uniqueKeysQuery = `
  select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name
    from pg_index i
    join pg_class c on c.oid = i.indrelid
   where i.indisunique and not i.indisprimary and c.relnamespace = 'public'::regnamespace
     and exists (select 1 from pg_attribute a
                  where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
     and not exists (select 1 from unnest(i.indkey) k(attnum)
                       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                      where a.attname = 'tenant_id')
   order by 1, 2`;

const foreignKeysQuery = `
  select c.conrelid::regclass::text as table, c.conname as name,
         array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.i) as columns,
         c.confrelid::regclass::text as referenced_table,
         array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, i)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.i)
           as referenced_columns
    from pg_constraint c
   where c.contype = 'f' and c.connamespace = 'public'::regnamespace
   order by 1, 2`;

/** Every table or key of the `public` schema that breaks the rule, each with the rule it breaks. */
export async function findOffences(client: pg.Client | pg.PoolClient): Promise<Offence[]> {
  const tables = (await client.query<TableRow>(tablesQuery)).rows;
  const foreignKeys = (await client.query<ForeignKeyRow>(foreignKeysQuery)).rows;
  const uniqueKeys = (await client.query<{ table: string; name: string }>(uniqueKeysQuery)).rows;
  const tenantTables = new Set(tables.filter((t) => t.has_tenant_id).map((t) => t.table));
  const offences: Offence[] = [];

  for (const { table, has_tenant_id, primary_key } of tables) {
    if (!primary_key) {
      offences.push({ table, rule: 'no primary key', detail: 'every table needs one' });
    }
    if (has_tenant_id) {
      if (table in GLOBAL_TABLES) {
        offences.push({
          table,
          rule: 'listed as global but has tenant_id',
          detail: GLOBAL_TABLES[table] ?? '',
        });
      }
      if (primary_key && !primary_key.includes('tenant_id')) {
        offences.push({
          table,
          rule: 'primary key without tenant_id',
          detail: `primary key (${primary_key.join(', ')})`,
        });
      }
    } else if (!(table in GLOBAL_TABLES)) {
      offences.push({ table, rule: 'global table not listed', detail: 'no tenant_id and no reason given' });
    }
  }

  for (const key of foreignKeys) {
    if (!tenantTables.has(key.table) && tenantTables.has(key.referenced_table)) {
      // A replicated (reference) table cannot point into a table spread over the nodes.
      offences.push({
        table: key.table,
        rule: 'global table refers to a tenant table',
        detail: `${key.name} → ${key.referenced_table}`,
      });
      continue;
    }
    if (!tenantTables.has(key.table) || !tenantTables.has(key.referenced_table)) continue;
    // tenant_id must be matched to tenant_id, column to column: the row and its target share a tenant.
    const matched = key.columns.some(
      (column, i) => column === 'tenant_id' && key.referenced_columns[i] === 'tenant_id',
    );
    if (!matched) {
      offences.push({
        table: key.table,
        rule: 'foreign key without tenant_id on both sides',
        detail: `${key.name}: (${key.columns.join(', ')}) → ${key.referenced_table} (${key.referenced_columns.join(', ')})`,
      });
    }
  }
  for (const key of uniqueKeys) {
    offences.push({ table: key.table, rule: 'unique key without tenant_id', detail: key.name });
  }
  return offences;
}

export function describeOffences(offences: Offence[]): string {
  const tables = new Set(offences.map((o) => o.table));
  const lines = offences.map((o) => `  ${o.table}: ${o.rule} — ${o.detail}`);
  return [`tenant tables breaking the key rule: ${tables.size}`, ...lines].join('\n');
}
