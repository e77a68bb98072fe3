-- 0024: a person's own requests about what is held on them (個人情報保護法): stop of use (利用停止)
-- and erasure (消去). Disclosure (開示) reads what is there and needs nothing stored.
--
-- Stop of use: three columns on the customer. A stopped customer is out of every list, search,
-- figure and AI feature until the stop is lifted; the one rule that says so is the customers
-- module's customerInUse(), and the indexes and search terms below follow the same rule, so that
-- a list of customers in use reads the same index entries as before.

alter table customers
  add column use_stopped_at timestamptz,
  add column use_stop_reason text check (use_stop_reason is null or length(use_stop_reason) between 1 and 1000),
  add column use_stopped_by uuid,
  add constraint customers_use_stopped_by_fkey foreign key (tenant_id, use_stopped_by)
    references tenant_users (tenant_id, user_id) on delete set null (use_stopped_by),
  add constraint customers_use_stop_whole check ((use_stopped_at is null) = (use_stop_reason is null));

-- The list's indexes cover the customers in use (not deleted, not stopped).
drop index customers_live_created_idx;
drop index customers_live_updated_idx;
drop index customers_live_kana_idx;
drop index customers_live_company_kana_idx;
create index customers_live_created_idx on customers (tenant_id, created_at desc, id desc)
  where deleted_at is null and use_stopped_at is null;
create index customers_live_updated_idx on customers (tenant_id, updated_at desc, id desc)
  where deleted_at is null and use_stopped_at is null;
create index customers_live_kana_idx
  on customers (tenant_id, last_name_kana collate "C", first_name_kana collate "C", id)
  where deleted_at is null and use_stopped_at is null;
create index customers_live_company_kana_idx
  on customers (tenant_id, company_name_kana collate "C", last_name_kana collate "C", first_name_kana collate "C", id)
  where deleted_at is null and use_stopped_at is null;
-- The few stopped customers, to take them off the kept count of live rows.
create index customers_use_stopped_idx on customers (tenant_id, id)
  where use_stopped_at is not null and deleted_at is null;

-- Search terms exist only for customers in use: stopping removes them, lifting brings them back.
create or replace function tsumiki_sync_customer_search_terms() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from customer_search_terms t
    using old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
    where t.tenant_id = o.tenant_id and t.customer_id = o.id
      and (o.search_text is distinct from n.search_text
           or o.company_name is distinct from n.company_name
           or o.company_name_kana is distinct from n.company_name_kana
           or o.created_at is distinct from n.created_at
           or (o.deleted_at is null and o.use_stopped_at is null)
              <> (n.deleted_at is null and n.use_stopped_at is null));
    insert into customer_search_terms (tenant_id, scope, term, customer_id, created_at)
    select n.tenant_id, s.scope, s.term, n.id, n.created_at
    from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
    cross join lateral tsumiki_customer_terms(n.search_text, n.company_name, n.company_name_kana) s
    where n.deleted_at is null and n.use_stopped_at is null
      and (o.search_text is distinct from n.search_text
           or o.company_name is distinct from n.company_name
           or o.company_name_kana is distinct from n.company_name_kana
           or o.created_at is distinct from n.created_at
           or o.deleted_at is not null
           or o.use_stopped_at is not null);
  else
    insert into customer_search_terms (tenant_id, scope, term, customer_id, created_at)
    select n.tenant_id, s.scope, s.term, n.id, n.created_at
    from new_rows n
    cross join lateral tsumiki_customer_terms(n.search_text, n.company_name, n.company_name_kana) s
    where n.deleted_at is null and n.use_stopped_at is null;
  end if;
  return null;
end
$$;

-- Erasure: the customer row goes (its interactions and their versions cascade, research reports
-- about them are deleted, search terms follow the row); what stays is this tombstone, so that log
-- rows and events naming the id still explain themselves. No name, nothing personal: the id, when,
-- why and who.
create table customer_erasures (
  tenant_id uuid not null references tenants (id) on delete cascade,
  customer_id uuid not null,
  erased_at timestamptz not null default now(),
  reason text not null check (length(reason) between 1 and 1000),
  erased_by uuid,
  primary key (tenant_id, customer_id),
  constraint customer_erasures_erased_by_fkey foreign key (tenant_id, erased_by)
    references tenant_users (tenant_id, user_id) on delete set null (erased_by)
);
select tsumiki_protect_tenant_table('customer_erasures');
-- A tombstone is kept: the app may write one and read them, never change or remove one.
revoke update, delete on customer_erasures from tsumiki_app;
