-- 0013: the clinic's products and services (自費診療のメニュー・物販), and which products an
-- interaction was about. Same shape as customers and staff (0003, 0009): row-level security,
-- updated_at trigger, created_by / updated_by, soft delete, kept live-row counts, and search
-- through bigrams in a btree with the same folding (tsumiki_search_fold, tsumiki_bigrams).

create table products (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  code text check (code ~ '^[A-Za-z0-9_-]{1,50}$'),
  name text not null check (length(name) between 1 and 100),
  name_kana text check (length(name_kana) <= 100),
  category text check (length(category) <= 50),
  description text check (length(description) <= 2000),
  price integer not null check (price between 0 and 100000000),
  tax_rate smallint not null default 10 check (tax_rate in (0, 8, 10)),
  unit text check (length(unit) <= 10),
  stock_quantity integer check (stock_quantity between 0 and 10000000),
  status text not null default 'active' check (status in ('active', 'discontinued')),
  tags text[] not null default '{}' check (cardinality(tags) <= 20),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid,
  primary key (tenant_id, id),
  constraint products_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  constraint products_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by),
  constraint products_deleted_by_fkey foreign key (tenant_id, deleted_by)
    references tenant_users (tenant_id, user_id) on delete set null (deleted_by)
);

-- A code names one live product of the tenant (the service answers 409 first; this is the backstop).
create unique index products_live_code_idx on products (tenant_id, code)
  where code is not null and deleted_at is null;

-- What the search looks in: 商品名・フリガナ・コード・カテゴリー・説明, fields apart ('|').
create function tsumiki_product_search_fold(
  product_name text, product_kana text, product_code text, product_category text, product_description text
) returns text
language sql immutable parallel safe
return tsumiki_search_fold(
  product_name
  || '|' || coalesce(product_kana, '')
  || '|' || coalesce(product_code, '')
  || '|' || coalesce(product_category, '')
  || '|' || coalesce(product_description, '')
);

alter table products add column search_text text generated always as (
  tsumiki_product_search_fold(name, name_kana, code, category, description)
) stored;

select tsumiki_track_updates('products');
select tsumiki_count_rows_of('products');

-- Each sort of the list over the live rows, ending in id so that pages are stable. Products
-- without a フリガナ or code go last either way (the order says nulls last).
create index products_live_created_idx on products (tenant_id, created_at desc, id desc) where deleted_at is null;
create index products_live_updated_idx on products (tenant_id, updated_at desc, id desc) where deleted_at is null;
create index products_live_kana_idx on products (tenant_id, name_kana collate "C", id) where deleted_at is null;
create index products_live_price_idx on products (tenant_id, price, id) where deleted_at is null;
create index products_live_code_sort_idx on products (tenant_id, code collate "C", id) where deleted_at is null;
create index products_live_category_idx on products (tenant_id, category, id) where deleted_at is null;

-- Bigrams of live products, kept by the statement triggers below (staff_search_terms' shape).
create table product_search_terms (
  tenant_id uuid not null,
  term text collate "C" not null,
  product_id uuid not null,
  primary key (tenant_id, term, product_id)
);
create index product_search_terms_product_idx on product_search_terms (tenant_id, product_id);

create function tsumiki_sync_product_search_terms() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from product_search_terms t
    using old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
    where t.tenant_id = o.tenant_id and t.product_id = o.id
      and (o.search_text is distinct from n.search_text
           or (o.deleted_at is null) <> (n.deleted_at is null));
    insert into product_search_terms (tenant_id, term, product_id)
    select n.tenant_id, b.term, n.id
    from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
    cross join lateral unnest(tsumiki_bigrams(n.search_text)) as b (term)
    where n.deleted_at is null
      and (o.search_text is distinct from n.search_text or o.deleted_at is not null);
  elsif tg_op = 'INSERT' then
    insert into product_search_terms (tenant_id, term, product_id)
    select n.tenant_id, b.term, n.id
    from new_rows n cross join lateral unnest(tsumiki_bigrams(n.search_text)) as b (term)
    where n.deleted_at is null;
  else
    delete from product_search_terms t using old_rows o where t.tenant_id = o.tenant_id and t.product_id = o.id;
  end if;
  return null;
end
$$;

create trigger sync_search_terms_insert after insert on products referencing new table as new_rows
  for each statement execute function tsumiki_sync_product_search_terms();
create trigger sync_search_terms_update after update on products
  referencing old table as old_rows new table as new_rows
  for each statement execute function tsumiki_sync_product_search_terms();
create trigger drop_search_terms_delete after delete on products referencing old table as old_rows
  for each statement execute function tsumiki_sync_product_search_terms();

-- The products an interaction was about. Both foreign keys carry the tenant, so a link can only
-- join an interaction and a product of the same tenant. A soft-deleted product keeps its links
-- (history), and the API leaves it out of what it shows.
create table interaction_products (
  tenant_id uuid not null,
  interaction_id uuid not null,
  product_id uuid not null,
  primary key (tenant_id, interaction_id, product_id),
  foreign key (tenant_id, interaction_id) references interactions (tenant_id, id) on delete cascade,
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade
);
-- A product's interactions (the analysis), the other way round from the primary key.
create index interaction_products_product_idx on interaction_products (tenant_id, product_id, interaction_id);

select tsumiki_protect_tenant_table('products');
select tsumiki_protect_tenant_table('product_search_terms');
select tsumiki_protect_tenant_table('interaction_products');
grant execute on function tsumiki_product_search_fold(text, text, text, text, text) to tsumiki_app;
