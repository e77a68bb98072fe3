-- 0016: a 2-character customer search answers its first page from the terms index alone.
--
-- A term of exactly one bigram (every 2-character search) is found wherever its bigram is, so the
-- postings of that bigram are the matches themselves. Keeping each posting's customer created_at
-- in the key orders the postings the way the list's default sort orders customers
-- (created_at, then id): the newest 20 of 1,500 matches are the last 20 index entries, and only
-- those customers are read. Before, every match was fetched, checked and sorted (issue 7's
-- benchmark: 佐藤 among 100,000 customers).
--
-- The key replaces the old one rather than adding a second index over ~70 rows per customer:
-- lookups by term still use its prefix, and customer_id still makes it unique.

alter table customer_search_terms add column created_at timestamptz;

-- The owner is under row-level security too (0003), so the backfill goes tenant by tenant.
do $$
declare
  tenant uuid;
begin
  for tenant in select id from tenants loop
    perform set_config('app.tenant_id', tenant::text, true);
    update customer_search_terms t
    set created_at = c.created_at
    from customers c
    where t.tenant_id = tenant and c.tenant_id = tenant and c.id = t.customer_id;
  end loop;
  perform set_config('app.tenant_id', '', true);
end
$$;

-- Terms whose customer could not be read (none are expected) are derived data: drop them.
delete from customer_search_terms where created_at is null;

alter table customer_search_terms
  alter column created_at set not null,
  drop constraint customer_search_terms_pkey,
  add constraint customer_search_terms_pkey primary key (tenant_id, scope, term, created_at, customer_id);

-- The triggers of 0003, now copying created_at (and re-deriving the terms if it ever changes).
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
           or (o.deleted_at is null) <> (n.deleted_at is null));
    insert into customer_search_terms (tenant_id, scope, term, customer_id, created_at)
    select n.tenant_id, s.scope, s.term, n.id, n.created_at
    from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
    cross join lateral tsumiki_customer_terms(n.search_text, n.company_name, n.company_name_kana) s
    where n.deleted_at is null
      and (o.search_text is distinct from n.search_text
           or o.company_name is distinct from n.company_name
           or o.company_name_kana is distinct from n.company_name_kana
           or o.created_at is distinct from n.created_at
           or o.deleted_at is not null);
  else
    insert into customer_search_terms (tenant_id, scope, term, customer_id, created_at)
    select n.tenant_id, s.scope, s.term, n.id, n.created_at
    from new_rows n
    cross join lateral tsumiki_customer_terms(n.search_text, n.company_name, n.company_name_kana) s
    where n.deleted_at is null;
  end if;
  return null;
end
$$;
