-- 0008: invitations, and the settings.manage permission.

-- Admins manage the tenant's settings (feature switches). Every existing admin membership gets
-- it, appended; other roles do not have it by default.
update tenant_users
set permissions = permissions || array['settings.manage']
where role = 'admin' and 'settings.manage' <> all (permissions);

-- Invitations: a code somebody redeems once to join the tenant with a role. Only the SHA-256 of
-- the code is stored (hex, unique across tenants); the code itself is shown once, at creation.
-- The status is computed: revoked (revoked_at), used (used_at), expired (expires_at <= now()),
-- else pending. `hidden_at`: removed from the list (a used, expired or revoked invitation the
-- admin deleted); the row stays, so whoever joined with it keeps its trace.
create table invitations (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  code_hash text not null unique check (code_hash ~ '^[0-9a-f]{64}$'),
  email text check (email is null or email = lower(email)),
  role text not null check (role in ('admin', 'staff', 'user')),
  message text check (message is null or length(message) <= 500),
  expires_at timestamptz not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  used_at timestamptz,
  used_by uuid,
  revoked_at timestamptz,
  revoked_by uuid,
  hidden_at timestamptz,
  primary key (tenant_id, id),
  check (used_by is null or used_at is not null),
  constraint invitations_created_by_fkey foreign key (tenant_id, created_by)
    references tenant_users (tenant_id, user_id) on delete set null (created_by),
  constraint invitations_used_by_fkey foreign key (tenant_id, used_by)
    references tenant_users (tenant_id, user_id) on delete set null (used_by),
  constraint invitations_revoked_by_fkey foreign key (tenant_id, revoked_by)
    references tenant_users (tenant_id, user_id) on delete set null (revoked_by)
);
-- The list: newest first, without the hidden ones.
create index invitations_list_idx on invitations (tenant_id, created_at desc, id desc)
  where hidden_at is null;

select tsumiki_protect_tenant_table('invitations');
select tsumiki_track_updates('invitations');

-- The code is the capability: /invite shows an invitation, and joining consumes it, before the
-- caller belongs to the tenant. Besides the tenant's own rows, the policy admits the one row
-- whose hash the transaction declares in app.invitation_code_hash — a caller can only know that
-- hash by holding the code. Writes still need the tenant (WITH CHECK).
drop policy tenant_isolation on invitations;
create policy tenant_isolation on invitations
  using (
    tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
    or code_hash = nullif(current_setting('app.invitation_code_hash', true), '')
  )
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
