-- 0012: the text index (chunks of documents and knowledge-base documents, their bigrams for
-- keyword search and BM25, their vectors when an embeddings provider is configured), the
-- knowledge base (ナレッジベース) and the legal-check chat history.
--
-- Search under row-level security goes through btrees only (GIN and pg_trgm operators are not
-- LEAKPROOF, so the planner will not use them for the app role, see TOOLCHAIN.md): a term is an
-- equality lookup in text_chunk_terms' primary key. Folding is the customers' and staff's
-- (tsumiki_search_fold: NFKC, lower case, katakana → hiragana, no white space).

create table knowledge_documents (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  title text not null check (length(title) between 1 and 200),
  description text check (length(description) <= 2000),
  tags text[] not null default '{}' check (cardinality(tags) <= 20),
  file_name text not null
    check (length(file_name) between 1 and 255 and file_name !~ '[/\\]' and file_name = normalize(file_name, nfc)),
  content_type text not null check (length(content_type) <= 100),
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text not null check (length(storage_key) <= 200),
  status text not null default 'processing' check (status in ('processing', 'ready', 'failed')),
  error text check (length(error) <= 1000),
  chunk_count integer not null default 0 check (chunk_count >= 0),
  page_count integer check (page_count >= 0),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  constraint knowledge_documents_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  constraint knowledge_documents_updated_by_fkey foreign key (tenant_id, updated_by)
    references tenant_users (tenant_id, user_id) on delete set null (updated_by)
);

select tsumiki_track_updates('knowledge_documents');
create index knowledge_documents_created_idx on knowledge_documents (tenant_id, created_at desc, id desc);
-- Whether another row of the tenant still uses a stored file (delete keeps shared bytes).
create index knowledge_documents_storage_key_idx on knowledge_documents (tenant_id, storage_key);

-- One question and its answer. `sources` is a snapshot (title, excerpt, page…) so that a past
-- answer keeps its citations after the document is deleted (the id is then shown as null).
create table knowledge_chats (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  user_id uuid not null,
  query text not null check (length(query) between 1 and 2000),
  answer text not null,
  mode text not null check (mode in ('openai', 'offline')),
  found boolean not null,
  sources jsonb not null default '[]' check (jsonb_typeof(sources) = 'array'),
  feedback_is_helpful boolean,
  feedback_comment text check (length(feedback_comment) <= 1000),
  feedback_updated_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check ((feedback_is_helpful is null) = (feedback_updated_at is null)),
  -- History is the user's own: it goes with the membership.
  constraint knowledge_chats_user_fkey foreign key (tenant_id, user_id)
    references tenant_users (tenant_id, user_id) on delete cascade
);
create index knowledge_chats_user_idx on knowledge_chats (tenant_id, user_id, created_at desc, id desc);

-- ── the text index ───────────────────────────────────────────────────────────────────────

-- A chunk (≈ 400–600 characters) of one source: exactly one of document_id /
-- knowledge_document_id is set, and the chunk goes with its source (on delete cascade).
-- `length` is the number of characters of the folded text (BM25's document length).
create table text_chunks (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id bigint generated always as identity,
  source_kind text not null check (source_kind in ('document', 'knowledge')),
  document_id uuid,
  knowledge_document_id uuid,
  source_id uuid not null generated always as (coalesce(document_id, knowledge_document_id)) stored,
  chunk_index integer not null check (chunk_index >= 0),
  page integer check (page >= 1),
  start_offset integer not null check (start_offset >= 0),
  text text not null,
  folded text not null generated always as (tsumiki_search_fold(text)) stored,
  length integer not null generated always as (char_length(tsumiki_search_fold(text))) stored,
  primary key (tenant_id, id),
  check (
    case source_kind
      when 'document' then document_id is not null and knowledge_document_id is null
      else knowledge_document_id is not null and document_id is null
    end
  ),
  constraint text_chunks_document_fkey foreign key (tenant_id, document_id)
    references documents (tenant_id, id) on delete cascade,
  constraint text_chunks_knowledge_document_fkey foreign key (tenant_id, knowledge_document_id)
    references knowledge_documents (tenant_id, id) on delete cascade
);
create unique index text_chunks_source_idx on text_chunks (tenant_id, source_kind, source_id, chunk_index);
-- The foreign keys' own lookups when a document goes (cascade).
create index text_chunks_document_idx on text_chunks (tenant_id, document_id) where document_id is not null;
create index text_chunks_knowledge_idx on text_chunks (tenant_id, knowledge_document_id)
  where knowledge_document_id is not null;

-- Every bigram of a chunk's folded text with its count in the chunk (BM25's term frequency) and
-- the chunk's length, so that scoring reads this btree alone. Kept by the triggers below; a
-- document frequency is a count over (tenant_id, source_kind, term) in the primary key.
create table text_chunk_terms (
  tenant_id uuid not null,
  source_kind text not null,
  term text collate "C" not null,
  chunk_id bigint not null,
  frequency integer not null,
  chunk_length integer not null,
  primary key (tenant_id, source_kind, term, chunk_id)
  -- No foreign key to text_chunks: it would check each of a chunk's ~400 terms on insert; the
  -- delete trigger removes them instead.
);
create index text_chunk_terms_chunk_idx on text_chunk_terms (tenant_id, chunk_id);

-- BM25's collection statistics per tenant and kind: how many chunks, their total length.
create table text_index_stats (
  tenant_id uuid not null references tenants (id) on delete cascade,
  source_kind text not null,
  chunk_count bigint not null default 0 check (chunk_count >= 0),
  total_length bigint not null default 0 check (total_length >= 0),
  primary key (tenant_id, source_kind)
);

-- Vectors of chunks from an embeddings model, unit length, as real[] (no pgvector in this
-- PostgreSQL): cosine is the dot product, computed in SQL so that vectors never leave the database.
create table chunk_vectors (
  tenant_id uuid not null,
  chunk_id bigint not null,
  source_kind text not null,
  model text not null check (length(model) <= 200),
  vector real[] not null,
  primary key (tenant_id, chunk_id, model),
  constraint chunk_vectors_chunk_fkey foreign key (tenant_id, chunk_id)
    references text_chunks (tenant_id, id) on delete cascade
);
create index chunk_vectors_kind_idx on chunk_vectors (tenant_id, source_kind, model);

create function tsumiki_sync_text_chunk_terms() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into text_chunk_terms (tenant_id, source_kind, term, chunk_id, frequency, chunk_length)
    select n.tenant_id, n.source_kind, piece.term, n.id, count(*), n.length
    from new_rows n
    cross join lateral (
      select substr(n.folded, position, 2) collate "C" as term
      from generate_series(1, char_length(n.folded) - 1) as position
    ) piece
    where strpos(piece.term, '|') = 0
    group by n.tenant_id, n.source_kind, n.id, n.length, piece.term;

    insert into text_index_stats as s (tenant_id, source_kind, chunk_count, total_length)
    select tenant_id, source_kind, count(*), sum(length) from new_rows group by tenant_id, source_kind
    on conflict (tenant_id, source_kind) do update
      set chunk_count = s.chunk_count + excluded.chunk_count,
          total_length = s.total_length + excluded.total_length;
  else
    delete from text_chunk_terms t using old_rows o where t.tenant_id = o.tenant_id and t.chunk_id = o.id;

    update text_index_stats s
    set chunk_count = greatest(s.chunk_count - gone.chunks, 0),
        total_length = greatest(s.total_length - gone.total, 0)
    from (
      select tenant_id, source_kind, count(*) as chunks, sum(length) as total
      from old_rows group by tenant_id, source_kind
    ) gone
    where s.tenant_id = gone.tenant_id and s.source_kind = gone.source_kind;
  end if;
  return null;
end
$$;

create trigger sync_terms_insert after insert on text_chunks referencing new table as new_rows
  for each statement execute function tsumiki_sync_text_chunk_terms();
create trigger sync_terms_delete after delete on text_chunks referencing old table as old_rows
  for each statement execute function tsumiki_sync_text_chunk_terms();
-- Chunks are replaced, never edited.
create function tsumiki_refuse_chunk_update() returns trigger
language plpgsql as $$
begin
  raise exception 'text_chunks are replaced, not updated';
end
$$;
create trigger refuse_update before update on text_chunks
  for each statement execute function tsumiki_refuse_chunk_update();

select tsumiki_protect_tenant_table('knowledge_documents');
select tsumiki_protect_tenant_table('knowledge_chats');
select tsumiki_protect_tenant_table('text_chunks');
select tsumiki_protect_tenant_table('text_chunk_terms');
select tsumiki_protect_tenant_table('text_index_stats');
select tsumiki_protect_tenant_table('chunk_vectors');
grant usage on sequence text_chunks_id_seq to tsumiki_app;
grant execute on function tsumiki_sync_text_chunk_terms() to tsumiki_app;
grant execute on function tsumiki_refuse_chunk_update() to tsumiki_app;
