-- Tsumiki: users, tenants, customers, interactions, the embedded auth service's sessions.
-- Tenant tables carry tenant_id in a composite key; row-level security is the backstop behind
-- the data-access layer: the app role only sees rows of the tenant set with
-- set_config('app.tenant_id', …, true) in its transaction. Migrations run as the owner, which
-- is not subject to these policies (no FORCE), so seeding and maintenance see everything.

-- Search text: NFKC, lower case, katakana folded to hiragana, whitespace removed, so that
-- 'ｻﾄｳ', 'さとう' and 'サトウ' all find サトウ. Queries fold their term with the same function.
create function tsumiki_search_fold(input text) returns text
language sql immutable parallel safe
return regexp_replace(
  translate(
    lower(normalize(coalesce(input, ''), nfkc)),
    'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ',
    'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ'
  ),
  '\s+', '', 'g'
);

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  password_hash text,
  full_name text,
  is_system_admin boolean not null default false,
  is_super_admin boolean not null default false,
  is_agency_user boolean not null default false,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table tenants (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  plan text not null check (plan in ('basic', 'standard', 'premium')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Membership decides access, so it is looked up by user before any tenant is chosen:
-- it is not under row-level security.
create table tenant_users (
  tenant_id uuid not null references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('admin', 'staff', 'user')),
  permissions text[] not null default '{}',
  status text not null default 'active' check (status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
create index tenant_users_user_idx on tenant_users (user_id, created_at);

create table tenant_features (
  tenant_id uuid not null references tenants (id) on delete cascade,
  feature text not null check (feature ~ '^[a-z_]+$'),
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, feature)
);

create table customers (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  last_name text not null,
  first_name text not null,
  last_name_kana text not null,
  first_name_kana text not null,
  company_name text,
  company_name_kana text,
  email text,
  phone text,
  postal_code text,
  prefecture text,
  city text,
  address_line text,
  tags text[] not null default '{}',
  assigned_staff_id uuid references users (id) on delete set null,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Maintained by Postgres on every write; fields are joined with a separator so that a term
  -- never matches across two fields. A bigram index for large tenants comes later; substring
  -- search over this column is the fallback that stays.
  -- (concat_ws is only stable, hence the explicit concatenation.)
  search_text text generated always as (
    tsumiki_search_fold(
      last_name || first_name
      || '|' || last_name_kana || first_name_kana
      || '|' || coalesce(company_name, '')
      || '|' || coalesce(company_name_kana, '')
      || '|' || coalesce(email, '')
      || '|' || coalesce(phone, '')
      || '|' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')
    )
  ) stored,
  primary key (tenant_id, id)
);
create index customers_tenant_created_idx on customers (tenant_id, created_at desc, id desc);

create table interactions (
  tenant_id uuid not null,
  id uuid not null default gen_random_uuid(),
  customer_id uuid not null,
  type text not null check (type in ('call', 'email', 'visit', 'meeting', 'other')),
  summary text,
  content text not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, customer_id) references customers (tenant_id, id) on delete cascade
);
create index interactions_tenant_created_idx on interactions (tenant_id, created_at desc, id desc);
create index interactions_tenant_customer_idx on interactions (tenant_id, customer_id, created_at desc);

create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  not_after timestamptz not null,
  user_agent text,
  ip text,
  revoked_at timestamptz
);
create index auth_sessions_user_idx on auth_sessions (user_id);

-- Only a SHA-256 of each refresh token is kept; the token itself is 256 random bits.
create table refresh_tokens (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  session_id uuid not null references auth_sessions (id) on delete cascade,
  parent_id bigint references refresh_tokens (id) on delete set null,
  revoked boolean not null default false,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- Row-level security on the tenant tables.
alter table tenant_features enable row level security;
create policy tenant_isolation on tenant_features
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table customers enable row level security;
create policy tenant_isolation on customers
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table interactions enable row level security;
create policy tenant_isolation on interactions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- The app role (created before migrations run, see src/db/app-role.ts) gets data access only.
grant usage on schema public to tsumiki_app;
grant select, insert, update, delete on
  users, tenants, tenant_users, tenant_features, customers, interactions, auth_sessions, refresh_tokens
  to tsumiki_app;
grant select, insert on server_secrets to tsumiki_app;
grant usage on all sequences in schema public to tsumiki_app;
grant execute on function tsumiki_search_fold(text) to tsumiki_app;
