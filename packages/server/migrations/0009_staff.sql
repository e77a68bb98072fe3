-- 0009: the clinic's staff roster (医師・看護師・受付…), its own records: a staff member is not a
-- user. One may be linked to a user of the tenant (a membership), at most one staff member per
-- user. Same shape as customers (0003): row-level security, updated_at trigger, created_by /
-- updated_by, soft delete, kept live-row counts, and search through bigrams in a btree with the
-- same folding (tsumiki_search_fold, tsumiki_bigrams).

create table staff (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  last_name text not null check (length(last_name) between 1 and 50),
  first_name text not null check (length(first_name) between 1 and 50),
  last_name_kana text not null check (length(last_name_kana) between 1 and 50),
  first_name_kana text not null check (length(first_name_kana) between 1 and 50),
  email text check (length(email) <= 254),
  phone text,
  department text check (length(department) <= 50),
  position text check (length(position) <= 50),
  employment_type text not null default 'full_time'
    check (employment_type in ('full_time', 'part_time', 'contract', 'temporary', 'outsourced', 'other')),
  status text not null default 'active' check (status in ('active', 'on_leave', 'retired')),
  hire_date date,
  qualifications text[] not null default '{}' check (cardinality(qualifications) <= 20),
  user_id uuid,
  notes text check (length(notes) <= 2000),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid,
  primary key (tenant_id, id),
  -- Only a member of the same tenant can be linked; a membership removed unlinks.
  constraint staff_user_id_fkey foreign key (tenant_id, user_id)
    references tenant_users (tenant_id, user_id) on delete set null (user_id),
  constraint staff_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  constraint staff_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by),
  constraint staff_deleted_by_fkey foreign key (tenant_id, deleted_by)
    references tenant_users (tenant_id, user_id) on delete set null (deleted_by)
);

-- One live staff member per user (the service answers 409 first; this is the backstop).
create unique index staff_user_idx on staff (tenant_id, user_id)
  where user_id is not null and deleted_at is null;

-- What the search looks in: 氏名・フリガナ・部署・役職・メール・資格, fields apart ('|').
-- array_to_string is only stable in general; over text[] it is immutable, hence the wrapper.
create function tsumiki_staff_search_fold(
  family_name text, given_name text, family_kana text, given_kana text,
  department_name text, job_title text, mail text, qualification_list text[]
) returns text
language sql immutable parallel safe
return tsumiki_search_fold(
  family_name || given_name
  || '|' || family_kana || given_kana
  || '|' || coalesce(department_name, '')
  || '|' || coalesce(job_title, '')
  || '|' || coalesce(mail, '')
  || '|' || array_to_string(qualification_list, '|')
);

alter table staff add column search_text text generated always as (
  tsumiki_staff_search_fold(
    last_name, first_name, last_name_kana, first_name_kana, department, position, email, qualifications
  )
) stored;

select tsumiki_track_updates('staff');
select tsumiki_count_rows_of('staff');

-- Each sort of the list over the live rows, ending in id so that pages are stable.
create index staff_live_kana_idx
  on staff (tenant_id, last_name_kana collate "C", first_name_kana collate "C", id)
  where deleted_at is null;
create index staff_live_department_idx on staff (tenant_id, department, id) where deleted_at is null;
create index staff_live_hire_date_idx on staff (tenant_id, hire_date, id) where deleted_at is null;
create index staff_live_created_idx on staff (tenant_id, created_at desc, id desc) where deleted_at is null;

-- Bigrams of live staff members, kept by the statement triggers below (customer_search_terms'
-- shape with one scope).
create table staff_search_terms (
  tenant_id uuid not null,
  term text collate "C" not null,
  staff_id uuid not null,
  primary key (tenant_id, term, staff_id)
);
create index staff_search_terms_staff_idx on staff_search_terms (tenant_id, staff_id);

create function tsumiki_sync_staff_search_terms() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from staff_search_terms t
    using old_rows o join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
    where t.tenant_id = o.tenant_id and t.staff_id = o.id
      and (o.search_text is distinct from n.search_text
           or (o.deleted_at is null) <> (n.deleted_at is null));
    insert into staff_search_terms (tenant_id, term, staff_id)
    select n.tenant_id, b.term, n.id
    from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
    cross join lateral unnest(tsumiki_bigrams(n.search_text)) as b (term)
    where n.deleted_at is null
      and (o.search_text is distinct from n.search_text or o.deleted_at is not null);
  elsif tg_op = 'INSERT' then
    insert into staff_search_terms (tenant_id, term, staff_id)
    select n.tenant_id, b.term, n.id
    from new_rows n cross join lateral unnest(tsumiki_bigrams(n.search_text)) as b (term)
    where n.deleted_at is null;
  else
    delete from staff_search_terms t using old_rows o where t.tenant_id = o.tenant_id and t.staff_id = o.id;
  end if;
  return null;
end
$$;

create trigger sync_search_terms_insert after insert on staff referencing new table as new_rows
  for each statement execute function tsumiki_sync_staff_search_terms();
create trigger sync_search_terms_update after update on staff
  referencing old table as old_rows new table as new_rows
  for each statement execute function tsumiki_sync_staff_search_terms();
create trigger drop_search_terms_delete after delete on staff referencing old table as old_rows
  for each statement execute function tsumiki_sync_staff_search_terms();

select tsumiki_protect_tenant_table('staff');
select tsumiki_protect_tenant_table('staff_search_terms');
grant execute on function
  tsumiki_staff_search_fold(text, text, text, text, text, text, text, text[]) to tsumiki_app;
