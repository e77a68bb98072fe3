-- 0037: likely duplicates are shown before a customers CSV import saves anything.
--
-- An import sent with check_duplicates first reads its file (status 'scanning'): the keys of each
-- valid row go to customer_import_keys, computed by the same generated columns as the customers'
-- (migration 0030), and one set-based query per rule finds the rows that may be a customer in use
-- or an earlier row of the file. The found rows are kept in customer_import_duplicates (row
-- number, name, reasons, the customer or the earlier row) and the keys are deleted in the same
-- transaction. With some found, the import waits ('awaiting_choice') until a person chooses to
-- skip them or import them all (duplicate_choice); the job applies the choice, and a skipped row
-- goes to the error report with its reason (skipped_rows counts them).

alter table customer_imports drop constraint customer_imports_status_check;
alter table customer_imports
  add constraint customer_imports_status_check check (
    status in ('scanning', 'awaiting_choice', 'queued', 'running', 'done', 'failed', 'cancelled')
  ),
  add column duplicate_rows integer check (duplicate_rows >= 0),
  add column duplicate_choice text check (duplicate_choice in ('skip', 'import')),
  add column skipped_rows integer not null default 0 check (skipped_rows >= 0);

create table customer_import_keys (
  tenant_id uuid not null,
  import_id uuid not null,
  row_number integer not null check (row_number >= 2),
  last_name text not null,
  first_name text not null,
  last_name_kana text not null,
  first_name_kana text not null,
  birth_date date,
  phone text,
  email text,
  reading_key text not null
    generated always as (tsumiki_reading_fold(last_name_kana || first_name_kana)) stored,
  phone_key text generated always as (tsumiki_phone_digits(phone)) stored,
  email_key text generated always as (lower(email)) stored,
  primary key (tenant_id, import_id, row_number),
  constraint customer_import_keys_import_fkey foreign key (tenant_id, import_id)
    references customer_imports (tenant_id, id) on delete cascade
);

create index customer_import_keys_reading_idx
  on customer_import_keys (tenant_id, import_id, reading_key, birth_date);
create index customer_import_keys_birth_idx
  on customer_import_keys (tenant_id, import_id, birth_date) where birth_date is not null;
create index customer_import_keys_phone_idx
  on customer_import_keys (tenant_id, import_id, phone_key) where phone_key is not null;
create index customer_import_keys_email_idx
  on customer_import_keys (tenant_id, import_id, email_key) where email_key is not null;

select tsumiki_protect_tenant_table('customer_import_keys');

create table customer_import_duplicates (
  tenant_id uuid not null,
  import_id uuid not null,
  row_number integer not null check (row_number >= 2),
  last_name text not null,
  first_name text not null,
  reasons text[] not null check (cardinality(reasons) > 0),
  -- The customer in use it may be (null when the customer is gone, or for an earlier row).
  existing_id uuid,
  -- The earlier row of the file it may be (null for a customer).
  same_as_row integer check (same_as_row >= 2),
  primary key (tenant_id, import_id, row_number),
  constraint customer_import_duplicates_import_fkey foreign key (tenant_id, import_id)
    references customer_imports (tenant_id, id) on delete cascade,
  constraint customer_import_duplicates_existing_fkey foreign key (tenant_id, existing_id)
    references customers (tenant_id, id) on delete set null (existing_id)
);

select tsumiki_protect_tenant_table('customer_import_duplicates');
