-- 0011: documents and their folders (AI文書管理). Folders are a tree per tenant; documents are
-- uploaded files (the bytes live in the file storage under `storage_key`, content-addressed per
-- tenant) with the state of their text extraction. Documents are deleted for real (row, index
-- entries, file), folders only when empty. Same shape as 0003/0009: row-level security,
-- updated_at trigger, created_by / updated_by.
--
-- Also the schema of the background job queue (pg-boss): owned by the app role, which installs
-- and migrates pg-boss's tables in it at start-up and sends jobs inside request transactions.

create table folders (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  parent_id uuid,
  name text not null check (length(name) between 1 and 100 and name !~ '[/\\]' and name = normalize(name, nfc)),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (parent_id is distinct from id),
  -- A parent of the same tenant; the service refuses deleting a non-empty folder (restrict backs it).
  constraint folders_parent_fkey foreign key (tenant_id, parent_id)
    references folders (tenant_id, id) on delete restrict,
  constraint folders_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  constraint folders_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by)
);

-- Names are unique per parent, the top level included (a null parent is the zero uuid here),
-- regardless of case.
create unique index folders_name_idx on folders (
  tenant_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)
);
create index folders_parent_idx on folders (tenant_id, parent_id, name);

select tsumiki_track_updates('folders');

create table documents (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  folder_id uuid,
  file_name text not null
    check (length(file_name) between 1 and 255 and file_name !~ '[/\\]' and file_name = normalize(file_name, nfc)),
  content_type text not null check (length(content_type) <= 100),
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text not null check (length(storage_key) <= 200),
  description text check (length(description) <= 500),
  tags text[] not null default '{}' check (cardinality(tags) <= 20),
  extraction_status text not null default 'pending'
    check (extraction_status in ('pending', 'ready', 'failed', 'unsupported')),
  extraction_error text check (length(extraction_error) <= 1000),
  page_count integer check (page_count >= 0),
  text_preview text check (length(text_preview) <= 2000),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  constraint documents_folder_fkey foreign key (tenant_id, folder_id)
    references folders (tenant_id, id) on delete restrict,
  constraint documents_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  constraint documents_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by)
);

-- What the keyword search matches besides the text: file name and description, folded.
create function tsumiki_document_search_fold(name text, about text) returns text
language sql immutable parallel safe
return tsumiki_search_fold(name || '|' || coalesce(about, ''));

alter table documents add column search_text text generated always as (
  tsumiki_document_search_fold(file_name, description)
) stored;

select tsumiki_track_updates('documents');

-- The list of a folder (or of no folder) in each sort, ending in id so that pages are stable.
create index documents_folder_created_idx on documents (tenant_id, folder_id, created_at desc, id desc);
create index documents_folder_updated_idx on documents (tenant_id, folder_id, updated_at desc, id desc);
create index documents_folder_name_idx on documents (tenant_id, folder_id, file_name collate "C", id);
create index documents_folder_size_idx on documents (tenant_id, folder_id, size_bytes, id);
-- Whether another document of the tenant still uses a stored file (delete keeps shared bytes).
create index documents_storage_key_idx on documents (tenant_id, storage_key);

select tsumiki_protect_tenant_table('folders');
select tsumiki_protect_tenant_table('documents');
grant execute on function tsumiki_document_search_fold(text, text) to tsumiki_app;

-- The job queue's schema: pg-boss creates and migrates its tables in it as the app role.
create schema if not exists pgboss authorization tsumiki_app;
