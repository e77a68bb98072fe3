-- 0029: the patient card (診察券番号・生年月日・性別) and the 五十音 index of the customer list.
--
-- 診察券番号: every customer has one, unique in its tenant and never reused (the unique index
-- covers deleted customers too). New customers get the next number of their tenant's counter row,
-- formatted with the tenant's prefix and zero-padded width; the counter row is locked by the
-- increment until the inserting transaction ends, so parallel creates never get the same number
-- (no max()+1). A number an admin typed is kept; the counter skips numbers already taken.
alter table tenants
  add column patient_number_prefix text not null default ''
    check (patient_number_prefix ~ '^[A-Z0-9-]{0,8}$'),
  add column patient_number_width integer not null default 6
    check (patient_number_width between 4 and 12);

create table customer_number_counters (
  tenant_id uuid primary key references tenants (id) on delete cascade,
  last_number bigint not null default 0 check (last_number >= 0)
);
select tsumiki_protect_tenant_table('customer_number_counters');

-- A counter's number as the tenant writes it: prefix, then the number padded to the width (a
-- number longer than the width keeps all its digits).
create function tsumiki_format_patient_number(prefix text, width integer, number bigint) returns text
language sql immutable parallel safe
return prefix || lpad(number::text, greatest(width, length(number::text)), '0');

-- The next free number of a tenant; takes the counter row's lock until the transaction ends.
create function tsumiki_next_patient_number(tenant uuid) returns text
language plpgsql as $$
declare
  prefix text;
  width integer;
  number bigint;
  candidate text;
begin
  select t.patient_number_prefix, t.patient_number_width into prefix, width from tenants t where t.id = tenant;
  loop
    insert into customer_number_counters as c (tenant_id, last_number) values (tenant, 1)
    on conflict (tenant_id) do update set last_number = c.last_number + 1
    returning c.last_number into number;
    candidate := tsumiki_format_patient_number(coalesce(prefix, ''), coalesce(width, 6), number);
    exit when not exists (
      select 1 from customers x where x.tenant_id = tenant and x.patient_number = candidate collate "C"
    );
  end loop;
  return candidate;
end
$$;

create function tsumiki_assign_patient_number() returns trigger
language plpgsql as $$
begin
  if new.patient_number is null then
    new.patient_number := tsumiki_next_patient_number(new.tenant_id);
  end if;
  return new;
end
$$;

-- The 五十音 row of a reading: its first kana once folded (katakana → hiragana, half-width →
-- full-width, small kana and voiced marks to their row: ガ is in か, ッ in た, ヴ in あ, ン in わ);
-- anything else, or nothing, is 'other'. The codes are the contract's KanaRow.
create function tsumiki_kana_row(reading text) returns text
language sql immutable parallel safe
return case translate(left(tsumiki_search_fold(reading), 1),
    'ぁあぃいぅうぇえぉおゔかがきぎくぐけげこごゕゖさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをん',
    'あああああああああああかかかかかかかかかかかかささささささささささたたたたたたたたたたたなななななはははははははははははははははまままままややややややらららららわわわわわわ')
    when 'あ' then 'a'
    when 'か' then 'ka'
    when 'さ' then 'sa'
    when 'た' then 'ta'
    when 'な' then 'na'
    when 'は' then 'ha'
    when 'ま' then 'ma'
    when 'や' then 'ya'
    when 'ら' then 'ra'
    when 'わ' then 'wa'
    else 'other'
  end;

alter table customers
  add column patient_number text check (patient_number ~ '^[A-Z0-9-]{1,24}$'),
  add column birth_date date check (birth_date >= date '1873-01-01'),
  add column gender text check (gender in ('male', 'female', 'other', 'undisclosed')),
  -- The reading is セイ then メイ (whichever is not blank comes first once spaces are folded away).
  add column kana_row text not null
    generated always as (tsumiki_kana_row(last_name_kana || first_name_kana)) stored;

-- Numbers for the customers there are, in the order they were registered (the touch and search
-- triggers have nothing to do here: only the new column changes).
alter table customers disable trigger user;
update customers c
set patient_number = tsumiki_format_patient_number('', 6, numbered.number)
from (
  select tenant_id, id, row_number() over (partition by tenant_id order by created_at, id) as number
  from customers
) numbered
where numbered.tenant_id = c.tenant_id and numbered.id = c.id;
alter table customers enable trigger user;

insert into customer_number_counters (tenant_id, last_number)
select tenant_id, count(*) from customers group by tenant_id;

create trigger assign_patient_number before insert on customers
for each row execute function tsumiki_assign_patient_number();

alter table customers alter column patient_number set not null;

-- One number per customer of a tenant (deleted ones keep theirs); in "C" order it is also the
-- list's sort by number, and the exact search's lookup.
create unique index customers_patient_number_idx on customers (tenant_id, patient_number collate "C");

-- The list sorted by birth date, and the 五十音 tabs in reading order, over the customers in use
-- (the rule of customerInUse(), like the list's other indexes since 0024).
create index customers_live_birth_date_idx on customers (tenant_id, birth_date, id)
  where deleted_at is null and use_stopped_at is null;
create index customers_live_kana_row_idx
  on customers (tenant_id, kana_row, last_name_kana collate "C", first_name_kana collate "C", id)
  where deleted_at is null and use_stopped_at is null;
