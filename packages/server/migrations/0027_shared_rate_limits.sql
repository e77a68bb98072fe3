-- 0027: request budgets shared by every server process.
--
-- One row per budget and client (`<scope>|<client>`, for example `api|user:<uuid>` or
-- `POST /auth/v1/token|203.0.113.7:password`), counted in fixed windows: the first request of a
-- window sets `expires_at`, every request adds one to `hits`, and the first request after
-- `expires_at` starts a new window. One upsert per request (platform/http/rate-limit-store.ts),
-- so N processes behind a load balancer spend one budget and a restart forgets nothing.
--
-- Unlogged: a counter is not worth a WAL write and an fsync on every request. A clean restart of
-- PostgreSQL keeps the rows; only a crash of PostgreSQL empties the table, which gives every
-- client a fresh window once (the sign-in throttle, whose counts matter for longer, stays in
-- the logged auth_sign_in_failures). Not a tenant table: budgets belong to clients, not tenants.
create unlogged table rate_limit_counters (
  key text primary key check (length(key) between 1 and 512),
  hits integer not null check (hits > 0),
  expires_at timestamptz not null
);
-- The sweep of ended windows reads the oldest first.
create index rate_limit_counters_expires_idx on rate_limit_counters (expires_at);
grant select, insert, update, delete on rate_limit_counters to tsumiki_app;
