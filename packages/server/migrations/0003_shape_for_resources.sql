-- The shape every tenant table copies, proven on customers and interactions:
--   * tsumiki_protect_tenant_table(): row-level security enabled AND forced (the owner too), the
--     tenant policy and the app role's grants, in one call per table;
--   * tsumiki_track_updates(): updated_at kept by a trigger;
--   * created_by / updated_by as foreign keys to the tenant's own memberships;
--   * soft delete (deleted_at) for records people may want back;
--   * exact live-row counts kept by statement triggers (tenant_row_counts), so a list's total
--     costs one index lookup instead of a count(*) over the tenant;
--   * a search index the app role can really use under row-level security: bigrams in a btree
--     (customer_search_terms). GIN (@>) and pg_trgm (LIKE) operators are not LEAKPROOF, so the
--     planner will not use them under RLS; btree equality is.

-- ── helpers ──────────────────────────────────────────────────────────────────────────────

create function tsumiki_protect_tenant_table(target regclass) returns void
language plpgsql as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('alter table %s force row level security', target);
  execute format('drop policy if exists tenant_isolation on %s', target);
  execute format(
    'create policy tenant_isolation on %s
       using (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)
       with check (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
    target
  );
  execute format('grant select, insert, update, delete on %s to tsumiki_app', target);
end
$$;

create function tsumiki_touch_updated_at() returns trigger
language plpgsql as $$
begin
  -- A write that sets updated_at itself (imports, tests) keeps it; everything else gets now().
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end
$$;

create function tsumiki_track_updates(target regclass) returns void
language plpgsql as $$
begin
  execute format(
    'create trigger touch_updated_at before update on %s
       for each row execute function tsumiki_touch_updated_at()',
    target
  );
end
$$;

-- Live rows (deleted_at is null, or no such column) per tenant and table.
create table tenant_row_counts (
  tenant_id uuid not null references tenants (id) on delete cascade,
  table_name text not null,
  live_rows bigint not null default 0 check (live_rows >= 0),
  primary key (tenant_id, table_name)
);

create function tsumiki_count_live_rows() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into tenant_row_counts as c (tenant_id, table_name, live_rows)
    select tenant_id, tg_table_name, count(*) from new_rows
    where (to_jsonb(new_rows) ->> 'deleted_at') is null
    group by tenant_id
    on conflict (tenant_id, table_name) do update set live_rows = c.live_rows + excluded.live_rows;
  elsif tg_op = 'DELETE' then
    update tenant_row_counts c set live_rows = c.live_rows - d.n
    from (
      select tenant_id, count(*) as n from old_rows
      where (to_jsonb(old_rows) ->> 'deleted_at') is null group by tenant_id
    ) d
    where c.tenant_id = d.tenant_id and c.table_name = tg_table_name;
  else
    -- Soft delete and restore move a row out of and back into the count. (A negative change
    -- is an update: an insert's proposed row would fail the check before ON CONFLICT applies.)
    with changes as (
      select tenant_id, sum(delta) as delta from (
        select tenant_id, 1 as delta from new_rows where (to_jsonb(new_rows) ->> 'deleted_at') is null
        union all
        select tenant_id, -1 from old_rows where (to_jsonb(old_rows) ->> 'deleted_at') is null
      ) moved
      group by tenant_id
      having sum(delta) <> 0
    ), updated as (
      update tenant_row_counts c set live_rows = c.live_rows + changes.delta
      from changes
      where c.tenant_id = changes.tenant_id and c.table_name = tg_table_name
      returning c.tenant_id
    )
    insert into tenant_row_counts (tenant_id, table_name, live_rows)
    select tenant_id, tg_table_name, delta from changes
    where delta > 0 and tenant_id not in (select tenant_id from updated);
  end if;
  return null;
end
$$;

create function tsumiki_count_rows_of(target regclass) returns void
language plpgsql as $$
begin
  execute format(
    'create trigger count_live_rows_insert after insert on %1$s referencing new table as new_rows
       for each statement execute function tsumiki_count_live_rows();
     create trigger count_live_rows_update after update on %1$s
       referencing old table as old_rows new table as new_rows
       for each statement execute function tsumiki_count_live_rows();
     create trigger count_live_rows_delete after delete on %1$s referencing old table as old_rows
       for each statement execute function tsumiki_count_live_rows()',
    target
  );
  execute format(
    'insert into tenant_row_counts (tenant_id, table_name, live_rows)
     select tenant_id, %L, count(*) from %s t where (to_jsonb(t) ->> ''deleted_at'') is null group by tenant_id
     on conflict (tenant_id, table_name) do update set live_rows = excluded.live_rows',
    (select relname from pg_class where oid = target),
    target
  );
end
$$;

-- Distinct 2-character pieces of a folded text, never across a field separator ('|').
create function tsumiki_bigrams(input text) returns text[]
language sql immutable parallel safe
return array(
  select distinct piece collate "C"
  from generate_series(1, char_length(input) - 1) as position,
       lateral substr(input, position, 2) as piece
  where strpos(piece, '|') = 0
);

-- Feature switches decide access, like memberships (tenant_users): they are read in the same
-- query as the session and the memberships, before a tenant is chosen, so they leave row-level
-- security like tenant_users (the access-control test lists both exceptions).
drop policy tenant_isolation on tenant_features;
alter table tenant_features disable row level security;

-- ── customers ────────────────────────────────────────────────────────────────────────────

-- The assignee is a user of the tenant (a membership), not a staff roster entry.
alter table customers rename column assigned_staff_id to assignee_user_id;
alter table customers drop constraint customers_assigned_staff_id_fkey;
update customers c set assignee_user_id = null
where assignee_user_id is not null
  and not exists (
    select 1 from tenant_users m where m.tenant_id = c.tenant_id and m.user_id = c.assignee_user_id
  );
alter table customers
  add constraint customers_assignee_user_id_fkey foreign key (tenant_id, assignee_user_id)
    references tenant_users (tenant_id, user_id) on delete set null (assignee_user_id),
  add column version integer not null default 1 check (version >= 1),
  add column created_by uuid,
  add column updated_by uuid,
  add column deleted_at timestamptz,
  add column deleted_by uuid,
  add constraint customers_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  add constraint customers_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by),
  add constraint customers_deleted_by_fkey foreign key (tenant_id, deleted_by)
    references tenant_users (tenant_id, user_id) on delete set null (deleted_by);

select tsumiki_track_updates('customers');
select tsumiki_count_rows_of('customers');

-- Every sort the list offers has an index over the live rows, ending in id so that pages are
-- stable and a deep page is an index-only walk (the page's rows are then fetched by key).
drop index customers_tenant_created_idx;
create index customers_live_created_idx on customers (tenant_id, created_at desc, id desc)
  where deleted_at is null;
create index customers_live_updated_idx on customers (tenant_id, updated_at desc, id desc)
  where deleted_at is null;
create index customers_live_kana_idx
  on customers (tenant_id, last_name_kana collate "C", first_name_kana collate "C", id)
  where deleted_at is null;
create index customers_live_company_kana_idx
  on customers (tenant_id, company_name_kana collate "C", last_name_kana collate "C", first_name_kana collate "C", id)
  where deleted_at is null;

-- Search terms of live customers: scope 'a' = every searchable field (search_text), scope 'c' =
-- the company filter (company name and its kana).
create table customer_search_terms (
  tenant_id uuid not null,
  scope "char" not null check (scope in ('a', 'c')),
  term text collate "C" not null,
  customer_id uuid not null,
  primary key (tenant_id, scope, term, customer_id)
  -- No foreign key to customers: it would check every one of a customer's ~70 terms on insert
  -- (most of an insert's cost). The triggers below keep the terms with their customer instead,
  -- including when customers are deleted for good (a tenant removed).
);
create index customer_search_terms_customer_idx on customer_search_terms (tenant_id, customer_id);

create function tsumiki_customer_company_fold(company_name text, company_name_kana text) returns text
language sql immutable parallel safe
return tsumiki_search_fold(coalesce(company_name, '') || '|' || coalesce(company_name_kana, ''));

-- A customer's search terms: scope 'a' from every searchable field, 'c' from the company only.
create function tsumiki_customer_terms(search_text text, company_name text, company_name_kana text)
returns table (scope "char", term text)
language sql immutable parallel safe
as $$
  select 'a'::"char", unnest(tsumiki_bigrams(search_text))
  union
  select 'c'::"char", unnest(tsumiki_bigrams(tsumiki_customer_company_fold(company_name, company_name_kana)))
$$;

create function tsumiki_sync_customer_search_terms() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from customer_search_terms t
    using old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
    where t.tenant_id = o.tenant_id and t.customer_id = o.id
      and (o.search_text is distinct from n.search_text
           or o.company_name is distinct from n.company_name
           or o.company_name_kana is distinct from n.company_name_kana
           or (o.deleted_at is null) <> (n.deleted_at is null));
    insert into customer_search_terms (tenant_id, scope, term, customer_id)
    select n.tenant_id, s.scope, s.term, n.id
    from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
    cross join lateral tsumiki_customer_terms(n.search_text, n.company_name, n.company_name_kana) s
    where n.deleted_at is null
      and (o.search_text is distinct from n.search_text
           or o.company_name is distinct from n.company_name
           or o.company_name_kana is distinct from n.company_name_kana
           or o.deleted_at is not null);
  else
    insert into customer_search_terms (tenant_id, scope, term, customer_id)
    select n.tenant_id, s.scope, s.term, n.id
    from new_rows n
    cross join lateral tsumiki_customer_terms(n.search_text, n.company_name, n.company_name_kana) s
    where n.deleted_at is null;
  end if;
  return null;
end
$$;

create trigger sync_search_terms_insert after insert on customers referencing new table as new_rows
  for each statement execute function tsumiki_sync_customer_search_terms();
create trigger sync_search_terms_update after update on customers
  referencing old table as old_rows new table as new_rows
  for each statement execute function tsumiki_sync_customer_search_terms();

create function tsumiki_drop_customer_search_terms() returns trigger
language plpgsql as $$
begin
  delete from customer_search_terms t
  using old_rows o
  where t.tenant_id = o.tenant_id and t.customer_id = o.id;
  return null;
end
$$;

create trigger drop_search_terms_delete after delete on customers referencing old table as old_rows
  for each statement execute function tsumiki_drop_customer_search_terms();

-- Terms for the customers that exist already (before RLS is forced on the owner, below).
insert into customer_search_terms (tenant_id, scope, term, customer_id)
select c.tenant_id, s.scope, s.term, c.id
from customers c
cross join lateral tsumiki_customer_terms(c.search_text, c.company_name, c.company_name_kana) s
where c.deleted_at is null;

-- ── interactions ─────────────────────────────────────────────────────────────────────────

alter table interactions drop constraint interactions_created_by_fkey;
update interactions i set created_by = null
where created_by is not null
  and not exists (
    select 1 from tenant_users m where m.tenant_id = i.tenant_id and m.user_id = i.created_by
  );
alter table interactions
  add column updated_by uuid,
  add constraint interactions_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  add constraint interactions_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by);
select tsumiki_track_updates('interactions');

drop index interactions_tenant_customer_idx;
create index interactions_customer_timeline_idx
  on interactions (tenant_id, customer_id, created_at desc, id desc);

-- Last, after the backfills above: from here on the owner is under the policies too (a
-- superuser still bypasses them; seeds and maintenance scope themselves like the app).
select tsumiki_protect_tenant_table('customers');
select tsumiki_protect_tenant_table('interactions');
select tsumiki_protect_tenant_table('customer_search_terms');
select tsumiki_protect_tenant_table('tenant_row_counts');

grant execute on function tsumiki_bigrams(text) to tsumiki_app;
grant execute on function tsumiki_customer_company_fold(text, text) to tsumiki_app;
