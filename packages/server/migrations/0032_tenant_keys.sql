-- 0032: every tenant table keyed by tenant, so that the schema can be distributed by tenant
-- (Citus-style co-location) without a redesign. The rule, checked on the catalogue by
-- test/schema/tenant-keys.test.ts: a table with tenant_id has it in its primary key and in every
-- foreign key to another tenant table, and in every unique key (a distributed table enforces
-- uniqueness within one tenant's shard only); a table without it is a listed global table.
--
-- Every table but one followed the rule already. client_error_reports kept the reports of nobody
-- (sent signed out, or without X-Tenant-Id) beside the tenants' ones, with tenant_id null, so
-- its primary key was (id) alone: a nullable column cannot be part of a primary key, nor carry a
-- distribution. The reports of nobody move to a table of their own without tenant_id (global),
-- and client_error_reports becomes an ordinary tenant table keyed by (tenant_id, id).
--
-- Row-level security keeps what 0007 promised: a transaction scoped to tenant T reads and writes
-- T's reports only; one scoped to no tenant reads and writes only the reports of nobody (the new
-- table's policy admits no tenant-scoped transaction). Idempotency stays per sender and client id:
-- (tenant_id, user_id, report_id) for a tenant's reports, (user_id, report_id) for nobody's.
--
-- One more key broke the rule: invitations' code_hash was unique on its own. The code is looked up
-- before any tenant is known, so the unique key becomes (code_hash, tenant_id): code_hash first,
-- the lookup keeps its index; tenant_id in it, the key stays enforceable per tenant. (A code is 32
-- random bytes: two invitations with one code are as likely as guessing one.)
--
-- One transaction (the migration runner's), both tables are small (90 days of reports): the
-- access-exclusive locks last as long as the copy of the anonymous rows and one index build.

-- The migration's own scope: none, so 0007's policy admits exactly the rows of no tenant to move
-- (and a superuser bypasses it anyway).
select set_config('app.tenant_id', '', true);

create table client_error_reports_unscoped (
  id bigint generated always as identity primary key,
  user_id uuid references users (id) on delete cascade,
  report_id text not null check (length(report_id) between 1 and 100),
  type text not null check (length(type) between 1 and 100),
  severity text not null check (severity in ('low', 'medium', 'high', 'critical')),
  category text not null check (
    category in (
      'authentication', 'validation', 'database', 'file_operation', 'external_service',
      'business_logic', 'system', 'network'
    )
  ),
  message text not null check (length(message) between 1 and 2000),
  stack text check (length(stack) <= 20000),
  source text check (length(source) <= 2000),
  recoverable boolean not null,
  user_impact text not null check (user_impact in ('none', 'minimal', 'degraded', 'blocking')),
  tags text[] not null default '{}' check (cardinality(tags) <= 20),
  line_number integer check (line_number >= 0),
  column_number integer check (column_number >= 0),
  context jsonb not null default '{}',
  metadata jsonb not null default '{}',
  reported_at timestamptz not null,
  reported_by text check (length(reported_by) <= 254),
  ip text,
  user_agent text check (length(user_agent) <= 500),
  request_id text not null,
  received_at timestamptz not null default now(),
  constraint client_error_reports_unscoped_report_id_key unique nulls not distinct (user_id, report_id)
);
create index client_error_reports_unscoped_received_idx on client_error_reports_unscoped (received_at);

insert into client_error_reports_unscoped (
  user_id, report_id, type, severity, category, message, stack, source, recoverable, user_impact,
  tags, line_number, column_number, context, metadata, reported_at, reported_by, ip, user_agent,
  request_id, received_at
)
select user_id, report_id, type, severity, category, message, stack, source, recoverable, user_impact,
       tags, line_number, column_number, context, metadata, reported_at, reported_by, ip, user_agent,
       request_id, received_at
  from client_error_reports
 where tenant_id is null
 order by id;
delete from client_error_reports where tenant_id is null;

-- Outside any tenant only: a tenant-scoped transaction neither reads nor writes nobody's reports.
alter table client_error_reports_unscoped enable row level security;
alter table client_error_reports_unscoped force row level security;
create policy outside_tenants on client_error_reports_unscoped
  using (nullif(current_setting('app.tenant_id', true), '') is null)
  with check (nullif(current_setting('app.tenant_id', true), '') is null);
grant select, insert, delete on client_error_reports_unscoped to tsumiki_app;
grant usage on sequence client_error_reports_unscoped_id_seq to tsumiki_app;

-- The tenants' reports: tenant_id required and first in every key.
alter table client_error_reports
  alter column tenant_id set not null,
  drop constraint client_error_reports_report_id_key,
  add constraint client_error_reports_report_id_key unique nulls not distinct (tenant_id, user_id, report_id),
  drop constraint client_error_reports_pkey,
  add constraint client_error_reports_pkey primary key (tenant_id, id);

-- Pruning: nobody's reports outside any tenant, then each tenant's in its own scope, as before.
create or replace function tsumiki_prune_client_error_reports(before timestamptz) returns bigint
language plpgsql as $$
declare
  scope text := current_setting('app.tenant_id', true);
  tenant uuid;
  removed bigint := 0;
  batch bigint;
begin
  perform set_config('app.tenant_id', '', true);
  delete from client_error_reports_unscoped where received_at < before;
  get diagnostics batch = row_count;
  removed := removed + batch;
  for tenant in select id from tenants loop
    perform set_config('app.tenant_id', tenant::text, true);
    delete from client_error_reports where tenant_id = tenant and received_at < before;
    get diagnostics batch = row_count;
    removed := removed + batch;
  end loop;
  perform set_config('app.tenant_id', coalesce(scope, ''), true);
  return removed;
end
$$;

-- Invitations: the code's unique key holds the tenant (see the top).
alter table invitations
  drop constraint invitations_code_hash_key,
  add constraint invitations_code_hash_key unique (code_hash, tenant_id);
