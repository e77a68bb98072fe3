-- 0031: a customers CSV import runs in the background (pg-boss), however large the file.
--
-- customer_imports is one import: who started it, the stored file, where it is (status and the
-- counts the progress bar shows), and the offset the job has committed: `processed_rows` data
-- rows of the file are done (imported or reported) and a retried job skips them, so a job run
-- twice after a crash never imports a row twice. Each batch of rows commits together with the
-- new offset in one transaction.
--
-- customer_import_errors is the error report: one line per problem of a row that was not
-- imported (the file's row number as a spreadsheet shows it, the field, the Japanese reason).

create table customer_imports (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  file_name text not null check (length(file_name) between 1 and 255),
  storage_key text not null check (length(storage_key) <= 200),
  size_bytes bigint not null check (size_bytes > 0),
  status text not null default 'queued'
    check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
  encoding text check (encoding in ('utf-8', 'utf-8-bom', 'shift_jis')),
  -- Rows in the file (known once it is read to the end; the estimate before that).
  total_rows integer check (total_rows >= 0),
  processed_rows integer not null default 0 check (processed_rows >= 0),
  imported_rows integer not null default 0 check (imported_rows >= 0),
  failed_rows integer not null default 0 check (failed_rows >= 0),
  -- Whoever started it may give 診察券番号 of their own (the admins' right, as on the form).
  may_set_patient_number boolean not null default false,
  error text check (length(error) <= 1000),
  created_by uuid,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  constraint customer_imports_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by)
);

-- The recent imports of a tenant, newest first (the list, the customer list's progress bar).
create index customer_imports_recent_idx on customer_imports (tenant_id, created_at desc, id desc);

select tsumiki_protect_tenant_table('customer_imports');

create table customer_import_errors (
  tenant_id uuid not null,
  import_id uuid not null,
  row_number integer not null check (row_number >= 1),
  position smallint not null check (position >= 0),
  field text not null check (length(field) <= 100),
  message text not null check (length(message) <= 500),
  primary key (tenant_id, import_id, row_number, position),
  constraint customer_import_errors_import_fkey foreign key (tenant_id, import_id)
    references customer_imports (tenant_id, id) on delete cascade
);

select tsumiki_protect_tenant_table('customer_import_errors');
