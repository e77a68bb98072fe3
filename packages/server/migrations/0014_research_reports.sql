-- 0014: saved deep-research reports (AIインテリジェンス). The report as answered is kept whole in
-- `body` (summary, sections with citations, competitors, recommendations, sources), so that a
-- later PDF shows exactly what was read on screen. `customer_id` is set when a registered
-- customer was researched; the report stays when that customer goes (set null).

create table research_reports (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  kind text not null check (kind in ('customer', 'competitor')),
  title text not null check (length(title) between 1 and 300),
  customer_id uuid,
  mode text not null check (mode in ('openai', 'offline')),
  summary text not null,
  body jsonb not null check (jsonb_typeof(body) = 'object'),
  created_by uuid,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  constraint research_reports_customer_fkey foreign key (tenant_id, customer_id)
    references customers (tenant_id, id) on delete set null (customer_id),
  constraint research_reports_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by)
);

-- The list: newest first, optionally of one kind or one customer.
create index research_reports_created_idx on research_reports (tenant_id, created_at desc, id desc);
create index research_reports_kind_idx on research_reports (tenant_id, kind, created_at desc, id desc);
create index research_reports_customer_idx on research_reports (tenant_id, customer_id, created_at desc, id desc)
  where customer_id is not null;

select tsumiki_protect_tenant_table('research_reports');
