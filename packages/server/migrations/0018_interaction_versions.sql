-- 0018: a mistyped interaction can be corrected or deleted, and what it said before stays.
--
-- Interactions get a version (as customers have, 0003): an edit names the version it read and
-- is refused (409) if someone else changed it first. Before each edit the version being replaced
-- is copied to interaction_versions with who wrote it and when, and who replaced it and when,
-- so the timeline can show every earlier wording. Deleting an interaction removes it and its
-- versions; the domain event of the deletion keeps who deleted what (events, 0005).

alter table interactions add column version integer not null default 1 check (version >= 1);

create table interaction_versions (
  tenant_id uuid not null,
  interaction_id uuid not null,
  version integer not null check (version >= 1),
  type text not null check (type in ('call', 'email', 'visit', 'meeting', 'other')),
  summary text,
  content text not null,
  -- The products as they were named then: [{ "id": …, "name": … }].
  products jsonb not null default '[]',
  written_by uuid,
  written_at timestamptz not null,
  replaced_by uuid,
  replaced_at timestamptz not null default now(),
  primary key (tenant_id, interaction_id, version),
  foreign key (tenant_id, interaction_id) references interactions (tenant_id, id) on delete cascade,
  constraint interaction_versions_written_by_fkey foreign key (tenant_id, written_by)
    references tenant_users (tenant_id, user_id) on delete set null (written_by),
  constraint interaction_versions_replaced_by_fkey foreign key (tenant_id, replaced_by)
    references tenant_users (tenant_id, user_id) on delete set null (replaced_by)
);

select tsumiki_protect_tenant_table('interaction_versions');
