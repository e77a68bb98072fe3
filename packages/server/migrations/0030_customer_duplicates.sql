-- 0030: duplicates found and merged (名寄せ).
--
-- Likely duplicates are found by the rules of customers.duplicates.ts over three keys, each kept
-- in a generated column with an index over the customers in use (the rule of customerInUse()):
--   * the reading folded harder than the search does (small kana made full size, the long vowel
--     mark, hyphens and middle dots dropped), with the birth date;
--   * the phone number's digits;
--   * the e-mail address in lower case.
-- A pair a person has looked at and found to be two people is remembered (dismissals); a merge
-- keeps one record, moves what hung on the other onto it and leaves the other as a tombstone
-- (merged_into_id, and in the trash's deleted_at so that lists, search, counts and the assistant
-- pass it by), and remembers what it moved so that an undo within 30 days moves exactly that back.

-- The reading as duplicates compare it: the search's folding (NFKC, lower case, katakana to
-- hiragana, no whitespace), then small kana as full size, and no ー, -, ・.
create function tsumiki_reading_fold(reading text) returns text
language sql immutable parallel safe
return translate(
  tsumiki_search_fold(reading),
  'ぁぃぅぇぉっゃゅょゎゕゖー-‐−・･',
  'あいうえおつやゆよわかけ'
);

-- A phone number's digits (NFKC first, so full-width digits count); null when it has none.
create function tsumiki_phone_digits(phone text) returns text
language sql immutable parallel safe
return nullif(regexp_replace(normalize(coalesce(phone, ''), nfkc), '[^0-9]', '', 'g'), '');

-- Whether two strings are at most one edit apart (insert, delete or replace one character).
create function tsumiki_within_one_edit(a text, b text) returns boolean
language plpgsql immutable parallel safe as $$
declare
  la integer := length(a);
  lb integer := length(b);
  i integer := 1;
begin
  if a is null or b is null or abs(la - lb) > 1 then
    return false;
  end if;
  if la < lb then
    return tsumiki_within_one_edit(b, a);
  end if;
  while i <= lb and substr(a, i, 1) = substr(b, i, 1) loop
    i := i + 1;
  end loop;
  if la = lb then
    return substr(a, i + 1) = substr(b, i + 1);
  end if;
  return substr(a, i + 1) = substr(b, i);
end
$$;

-- The keys are stored generated columns, not expression indexes: under row-level security the
-- planner uses an index for a condition only when its functions are leakproof, and the folding
-- functions are not; a plain column compared with = is (like kana_row, 0029).
alter table customers
  add column reading_key text not null
    generated always as (tsumiki_reading_fold(last_name_kana || first_name_kana)) stored,
  add column phone_key text generated always as (tsumiki_phone_digits(phone)) stored,
  add column email_key text generated always as (lower(email)) stored;

create index customers_live_reading_idx on customers (tenant_id, reading_key, birth_date)
  where deleted_at is null and use_stopped_at is null;
create index customers_live_phone_idx on customers (tenant_id, phone_key)
  where deleted_at is null and use_stopped_at is null and phone_key is not null;
create index customers_live_email_idx on customers (tenant_id, email_key)
  where deleted_at is null and use_stopped_at is null and email_key is not null;

-- The record a merged customer went into: its GET answers with this id, which the app follows.
alter table customers
  add column merged_into_id uuid,
  add constraint customers_merged_into_fkey foreign key (tenant_id, merged_into_id)
    references customers (tenant_id, id) on delete set null (merged_into_id),
  add constraint customers_merged_is_deleted check (merged_into_id is null or deleted_at is not null);
create index customers_merged_into_idx on customers (tenant_id, merged_into_id) where merged_into_id is not null;

-- Two customers a person said are two people: the pair, smaller id first.
create table customer_duplicate_dismissals (
  tenant_id uuid not null references tenants (id) on delete cascade,
  first_id uuid not null,
  second_id uuid not null,
  dismissed_by uuid,
  dismissed_at timestamptz not null default now(),
  primary key (tenant_id, first_id, second_id),
  check (first_id < second_id),
  foreign key (tenant_id, first_id) references customers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, second_id) references customers (tenant_id, id) on delete cascade,
  constraint customer_duplicate_dismissals_dismissed_by_fkey foreign key (tenant_id, dismissed_by)
    references tenant_users (tenant_id, user_id) on delete set null (dismissed_by)
);
select tsumiki_protect_tenant_table('customer_duplicate_dismissals');

-- One merge: which record was kept and which went into it, what the kept one's fields were before
-- (the undo puts them back) and the ids of the rows that moved. Undone once, never deleted.
create table customer_merges (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  kept_id uuid not null,
  merged_id uuid not null,
  kept_before jsonb not null,
  moved_interaction_ids uuid[] not null default '{}',
  moved_document_ids uuid[] not null default '{}',
  moved_research_report_ids uuid[] not null default '{}',
  merged_by uuid,
  merged_at timestamptz not null default now(),
  undone_by uuid,
  undone_at timestamptz,
  primary key (tenant_id, id),
  check (kept_id <> merged_id),
  foreign key (tenant_id, kept_id) references customers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, merged_id) references customers (tenant_id, id) on delete cascade,
  constraint customer_merges_merged_by_fkey foreign key (tenant_id, merged_by)
    references tenant_users (tenant_id, user_id) on delete set null (merged_by),
  constraint customer_merges_undone_by_fkey foreign key (tenant_id, undone_by)
    references tenant_users (tenant_id, user_id) on delete set null (undone_by)
);
select tsumiki_protect_tenant_table('customer_merges');
revoke delete on customer_merges from tsumiki_app;
-- The merges into a customer still in force (the access log's filter by customer follows them)
-- and the latest merge of a tombstone (its undo).
create index customer_merges_kept_idx on customer_merges (tenant_id, kept_id) where undone_at is null;
create index customer_merges_merged_idx on customer_merges (tenant_id, merged_id, merged_at desc);
