-- 0010: Google sign-in (OpenID Connect) through the embedded auth service.
-- Like auth_sessions these rows belong to no tenant (a sign-in happens before any tenant is
-- chosen), so they are not under row-level security; every query names its key.

-- One authorization request in flight (GET /auth/v1/authorize → Google → GET /auth/v1/callback).
-- The browser carries the state; only its SHA-256 is kept, so the table alone cannot finish a
-- flow. nonce and code_verifier are ours towards Google; code_challenge is the client's (auth-js
-- PKCE), checked when the one-time auth code is exchanged. A row is deleted when its callback
-- arrives (used once), and rows past expires_at are refused and swept.
create table auth_oidc_flows (
  id uuid primary key default gen_random_uuid(),
  state_hash text not null unique check (state_hash ~ '^[0-9a-f]{64}$'),
  provider text not null check (provider in ('google')),
  nonce text not null,
  code_verifier text not null,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  redirect_to text not null,
  callback_url text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index auth_oidc_flows_expires_idx on auth_oidc_flows (expires_at);

-- An account at an external provider, linked to a user: the provider's subject (`sub`) is the
-- key, so a user whose Google address changes later is still recognised.
create table auth_identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null check (provider in ('google')),
  subject text not null check (length(subject) between 1 and 255),
  email text not null,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz,
  unique (provider, subject)
);
create index auth_identities_user_idx on auth_identities (user_id);

-- The one-time code the callback hands to the app (`?code=`), exchanged once through
-- POST /auth/v1/token?grant_type=pkce with the verifier of code_challenge. Only its hash is kept.
create table auth_codes (
  code_hash text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null check (provider in ('google')),
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index auth_codes_expires_idx on auth_codes (expires_at);

grant select, insert, update, delete on auth_oidc_flows, auth_identities, auth_codes to tsumiki_app;
