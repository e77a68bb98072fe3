-- 0022: two-factor sign-in with TOTP (RFC 6238), spoken through the auth protocol's MFA endpoints.
--
-- The factor, challenge and recovery-code tables belong to the owner alone: the app role that
-- serves requests has no privilege on them. It reaches them only through the functions below
-- (security definer, fixed search_path), each doing one narrow thing for one user. TOTP
-- secrets are stored encrypted (AES-256-GCM) under a key kept in server_secrets, which the app
-- role cannot read either (0004); the server reads the key once at start as the owner.

-- The assurance level of a session and how it got there (the access token's `aal` and `amr`):
-- aal2 once a second factor was verified in it; refresh keeps both.
alter table auth_sessions
  add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  add column amr jsonb not null default '[]'::jsonb;

-- Security events of two-factor sign-in, in the user's list of recent security events.
alter table auth_session_events drop constraint auth_session_events_type_check;
alter table auth_session_events add constraint auth_session_events_type_check check (
  type in (
    'sign_in', 'signed_out', 'session_extended', 'session_revoked', 'refresh_token_reused',
    'password_changed', 'mfa_enrolled', 'mfa_verified', 'mfa_failed', 'mfa_unenrolled',
    'recovery_codes_generated', 'recovery_code_used', 'mfa_reset'
  )
);

create table auth_mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  friendly_name text not null check (char_length(friendly_name) between 1 and 100),
  factor_type text not null default 'totp' check (factor_type = 'totp'),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- 'v1.' + base64url(iv) + '.' + base64url(tag) + '.' + base64url(ciphertext)
  secret_ciphertext text not null check (secret_ciphertext like 'v1.%'),
  -- The TOTP time step (unix seconds / 30) of the last accepted code: a code of that step or an
  -- earlier one is refused, so each code is used once.
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_challenged_at timestamptz,
  unique (user_id, friendly_name)
);
create index auth_mfa_factors_user_idx on auth_mfa_factors (user_id);

create table auth_mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth_mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  verified_at timestamptz,
  ip text
);
create index auth_mfa_challenges_factor_idx on auth_mfa_challenges (factor_id);

-- Single-use recovery codes, as HMAC-SHA256 under a server key: each code is 50 random bits, so a
-- keyed hash is as good as a slow one against guessing, and a code is found by its hash.
create table auth_mfa_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- One set per user at a time (the protocol's recovery_code factor id).
  set_id uuid not null,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  unique (user_id, code_hash)
);
create index auth_mfa_recovery_codes_user_idx on auth_mfa_recovery_codes (user_id);

revoke all on auth_mfa_factors, auth_mfa_challenges, auth_mfa_recovery_codes from public;
revoke all on auth_mfa_factors, auth_mfa_challenges, auth_mfa_recovery_codes from tsumiki_app;

-- The factors of a user, without their secrets (GET /user, the factor list).
create function tsumiki_mfa_list_factors(p_user uuid)
returns table (id uuid, friendly_name text, factor_type text, status text,
  created_at timestamptz, updated_at timestamptz, last_challenged_at timestamptz)
language sql stable security definer set search_path = public, pg_temp as $$
  select f.id, f.friendly_name, f.factor_type, f.status, f.created_at, f.updated_at, f.last_challenged_at
  from auth_mfa_factors f where f.user_id = p_user order by f.created_at, f.id
$$;

-- A new unverified factor. Unverified factors older than a day are abandoned enrolments: gone.
create function tsumiki_mfa_enrol(p_user uuid, p_friendly_name text, p_secret_ciphertext text)
returns table (id uuid, friendly_name text, factor_type text, status text,
  created_at timestamptz, updated_at timestamptz, last_challenged_at timestamptz)
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  delete from auth_mfa_factors f
  where f.user_id = p_user and f.status = 'unverified' and f.created_at < now() - interval '1 day';
  return query
    insert into auth_mfa_factors as f (user_id, friendly_name, secret_ciphertext)
    values (p_user, p_friendly_name, p_secret_ciphertext)
    returning f.id, f.friendly_name, f.factor_type, f.status, f.created_at, f.updated_at, f.last_challenged_at;
end
$$;

-- A challenge of one of the user's factors; nothing when the factor is not theirs.
create function tsumiki_mfa_challenge(p_user uuid, p_factor uuid, p_ip text, p_expires_at timestamptz)
returns table (id uuid, expires_at timestamptz)
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  update auth_mfa_factors f set last_challenged_at = now() where f.id = p_factor and f.user_id = p_user;
  if not found then return; end if;
  -- Challenges past their end are of no use to anybody.
  delete from auth_mfa_challenges c where c.factor_id = p_factor and c.expires_at < now() - interval '1 hour';
  return query
    insert into auth_mfa_challenges as c (factor_id, expires_at, ip) values (p_factor, p_expires_at, p_ip)
    returning c.id, c.expires_at;
end
$$;

-- What verifying a code needs: the factor's encrypted secret, its last used step, the challenge.
create function tsumiki_mfa_challenge_for_verify(p_user uuid, p_factor uuid, p_challenge uuid)
returns table (status text, secret_ciphertext text, last_used_step bigint,
  challenge_expires_at timestamptz, challenge_verified_at timestamptz)
language sql stable security definer set search_path = public, pg_temp as $$
  select f.status, f.secret_ciphertext, f.last_used_step, c.expires_at, c.verified_at
  from auth_mfa_factors f join auth_mfa_challenges c on c.factor_id = f.id
  where f.id = p_factor and f.user_id = p_user and c.id = p_challenge
$$;

-- Accepts a code of time step p_step: only when no code of that step or a later one was
-- accepted for the factor ('code_used' otherwise) and the challenge is still open
-- ('challenge_closed'). The factor becomes verified, the challenge is closed ('accepted').
-- Two concurrent uses of one code: the factor's row lock lets one through, the other then
-- finds the step used.
create function tsumiki_mfa_accept_code(p_user uuid, p_factor uuid, p_challenge uuid, p_step bigint)
returns text
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  perform 1 from auth_mfa_factors f
  where f.id = p_factor and f.user_id = p_user and (f.last_used_step is null or f.last_used_step < p_step)
  for update;
  if not found then return 'code_used'; end if;
  update auth_mfa_challenges c set verified_at = now()
  where c.id = p_challenge and c.factor_id = p_factor and c.verified_at is null and c.expires_at > now();
  if not found then return 'challenge_closed'; end if;
  update auth_mfa_factors f set last_used_step = p_step, status = 'verified', updated_at = now()
  where f.id = p_factor;
  return 'accepted';
end
$$;

-- Removes one factor of the user; the recovery codes go with the last verified one.
create function tsumiki_mfa_unenrol(p_user uuid, p_factor uuid)
returns boolean
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  delete from auth_mfa_factors f where f.id = p_factor and f.user_id = p_user;
  if not found then return false; end if;
  if not exists (select 1 from auth_mfa_factors f where f.user_id = p_user and f.status = 'verified') then
    delete from auth_mfa_recovery_codes r where r.user_id = p_user;
  end if;
  return true;
end
$$;

-- Removes every factor and recovery code of the user (an administrator's reset); how many factors.
create function tsumiki_mfa_reset(p_user uuid)
returns integer
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  removed integer;
begin
  delete from auth_mfa_factors f where f.user_id = p_user;
  get diagnostics removed = row_count;
  delete from auth_mfa_recovery_codes r where r.user_id = p_user;
  return removed;
end
$$;

-- Replaces the user's recovery codes with a new set.
create function tsumiki_mfa_store_recovery_codes(p_user uuid, p_set uuid, p_hashes text[])
returns void
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  delete from auth_mfa_recovery_codes r where r.user_id = p_user;
  insert into auth_mfa_recovery_codes (user_id, set_id, code_hash)
  select p_user, p_set, h from unnest(p_hashes) as h;
end
$$;

-- Uses one recovery code: true once, false for an unknown or used code.
create function tsumiki_mfa_use_recovery_code(p_user uuid, p_hash text)
returns boolean
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  update auth_mfa_recovery_codes r set used_at = now()
  where r.user_id = p_user and r.code_hash = p_hash and r.used_at is null;
  return found;
end
$$;

-- The user's recovery-code set: its id, size, codes left and creation time (no row: none).
create function tsumiki_mfa_recovery_status(p_user uuid)
returns table (set_id uuid, total integer, remaining integer, created_at timestamptz)
language sql stable security definer set search_path = public, pg_temp as $$
  select r.set_id, count(*)::integer, (count(*) filter (where r.used_at is null))::integer, min(r.created_at)
  from auth_mfa_recovery_codes r where r.user_id = p_user group by r.set_id
$$;

-- Whether the user has a verified factor (the /api policy check reads it with the session).
create function tsumiki_mfa_enrolled(p_user uuid)
returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select exists (select 1 from auth_mfa_factors f where f.user_id = p_user and f.status = 'verified')
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'tsumiki_mfa_list_factors(uuid)',
    'tsumiki_mfa_enrol(uuid, text, text)',
    'tsumiki_mfa_challenge(uuid, uuid, text, timestamptz)',
    'tsumiki_mfa_challenge_for_verify(uuid, uuid, uuid)',
    'tsumiki_mfa_accept_code(uuid, uuid, uuid, bigint)',
    'tsumiki_mfa_unenrol(uuid, uuid)',
    'tsumiki_mfa_reset(uuid)',
    'tsumiki_mfa_store_recovery_codes(uuid, uuid, text[])',
    'tsumiki_mfa_use_recovery_code(uuid, text)',
    'tsumiki_mfa_recovery_status(uuid)',
    'tsumiki_mfa_enrolled(uuid)'
  ] loop
    execute format('revoke all on function %s from public', fn);
    execute format('grant execute on function %s to tsumiki_app', fn);
  end loop;
end
$$;
