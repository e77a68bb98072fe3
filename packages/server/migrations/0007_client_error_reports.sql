-- 0007: password changes through the auth protocol, and client error reports.

-- ── password_changed security event ─────────────────────────────────────────────────────
-- PUT /auth/v1/user with a new password records it (and how many other sessions it ended).
alter table auth_session_events drop constraint auth_session_events_type_check;
alter table auth_session_events add constraint auth_session_events_type_check check (
  type in (
    'sign_in', 'signed_out', 'session_extended', 'session_revoked', 'refresh_token_reused',
    'password_changed'
  )
);

-- ── client error reports ────────────────────────────────────────────────────────────────
-- What browsers report through POST /api/errors/report(/batch): the report as the contract's
-- ClientErrorReport has it, who sent it as far as the server knows (the user of a valid token,
-- the tenant of X-Tenant-Id when they belong to it; both null for a report sent signed out),
-- and where it came from.
--
-- Row-level security. Signed-out reports (and signed-in ones sent without X-Tenant-Id) belong
-- to no tenant, so the usual policy (tenant_id = the transaction's tenant) could neither store
-- nor prune them. This table's tenant_isolation policy compares with IS NOT DISTINCT FROM
-- instead: a transaction scoped to tenant T reads and writes T's rows only; a transaction scoped
-- to no tenant reads and writes only rows of no tenant. Another tenant's report is out of reach
-- either way, and a report cannot be written into a tenant other than the one the request was
-- checked for. The app role gets select (for DELETE … WHERE and ON CONFLICT), insert and delete;
-- no update: a report, once received, stays as it came.
--
-- Idempotency: the client's id (ClientErrorReport.id, a random UUID) is unique per user, and
-- among the reports of nobody: a report sent by keepalive on unload and again by the next
-- flush is stored once (NULLS NOT DISTINCT makes the signed-out ones collide too).
--
-- Retention: 90 days. tsumiki_prune_client_error_reports deletes older reports of every tenant
-- and of nobody; the server calls it now and then while storing reports (errors.service.ts).
-- Volume is bounded by the per-caller report budget (errors.service.ts) and the body limit.
create table client_error_reports (
  id bigint generated always as identity primary key,
  tenant_id uuid references tenants (id) on delete cascade,
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
  constraint client_error_reports_report_id_key unique nulls not distinct (user_id, report_id)
);
create index client_error_reports_received_idx on client_error_reports (tenant_id, received_at);

alter table client_error_reports enable row level security;
alter table client_error_reports force row level security;
create policy tenant_isolation on client_error_reports
  using (tenant_id is not distinct from nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id is not distinct from nullif(current_setting('app.tenant_id', true), '')::uuid);
grant select, insert, delete on client_error_reports to tsumiki_app;
grant usage on all sequences in schema public to tsumiki_app;

-- Deletes reports received before `before`, of nobody and of every tenant, each under its own
-- scope (so row-level security holds for the caller, the app role, as everywhere); how many.
-- It sets app.tenant_id for its own transaction and puts it back: call it on its own.
create function tsumiki_prune_client_error_reports(before timestamptz) returns bigint
language plpgsql as $$
declare
  scope text := current_setting('app.tenant_id', true);
  tenant uuid;
  removed bigint := 0;
  batch bigint;
begin
  perform set_config('app.tenant_id', '', true);
  delete from client_error_reports where tenant_id is null and received_at < before;
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
grant execute on function tsumiki_prune_client_error_reports(timestamptz) to tsumiki_app;
