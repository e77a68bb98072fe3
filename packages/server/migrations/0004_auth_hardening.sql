-- 0004: hardening of the embedded auth service.

-- The token signing key is read once at start through the owner connection (bootstrap) and
-- handed to the server; the app role, which every request uses, can no longer read or add it.
revoke select, insert, update, delete on server_secrets from tsumiki_app;

-- Failed password sign-ins, counted per key so that throttling needs no process memory and
-- holds across several server processes:
--   ip:<address>       every failure from one address (an office shares one: failures only)
--   account:<email>    failures against one email from browsers without a device cookie of it
--   device:<id>        failures from one browser that has signed in to that account before
-- The email is the normalised string typed, whether an account exists or not, so a lock
-- reveals nothing about which accounts exist.
create table auth_sign_in_failures (
  key text primary key,
  failures integer not null check (failures > 0),
  window_started_at timestamptz not null,
  last_failed_at timestamptz not null,
  locked_until timestamptz
);
create index auth_sign_in_failures_last_idx on auth_sign_in_failures (last_failed_at);
grant select, insert, update, delete on auth_sign_in_failures to tsumiki_app;
