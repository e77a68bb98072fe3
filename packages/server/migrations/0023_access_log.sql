-- 0023: the access log (操作ログ) — one append-only row per access to personal data and per
-- security-relevant action (sign-in, permission and settings changes, exports, …).
--
-- Tamper-evident:
--   * the app role may only INSERT and SELECT its tenant's rows (no UPDATE, DELETE, TRUNCATE);
--   * a BEFORE INSERT trigger owned by the owner (security definer) numbers each row within its
--     tenant, stamps it with the database's clock (clock_timestamp(), whatever the client sent)
--     and chains it: hash = sha256(previous hash of the tenant || canonical row content). Rows of
--     one tenant are serialised by a transaction-scoped advisory lock held until commit, so the
--     server writes its access-log rows last in the request's transaction;
--   * the chain's head (last id and hash) and its start (the last row retention removed) live in
--     access_log_chain, which the app role can read but not write;
--   * tsumiki_verify_access_log() recomputes the chain and names the first row that breaks it.

create table access_log (
  tenant_id uuid not null references tenants (id) on delete cascade,
  -- 1, 2, 3, … within the tenant, in chain order (assigned by the trigger).
  id bigint not null,
  occurred_at timestamptz not null,
  -- The person: the user's id and what they were called at the time (no foreign key, so the log
  -- stays readable after the user or the membership is gone). Null for the system.
  actor_user_id uuid,
  actor_name text check (length(actor_name) <= 200),
  actor_email text check (length(actor_email) <= 320),
  -- A closed list of codes kept by the server (src/platform/audit/access-actions.ts).
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_type text check (length(target_type) <= 50),
  target_id text check (length(target_id) <= 200),
  -- The customer the access concerns, when there is one (no foreign key: erased customers stay
  -- named by id).
  customer_id uuid,
  ip text check (length(ip) <= 100),
  user_agent text check (length(user_agent) <= 500),
  request_id text check (length(request_id) <= 100),
  detail jsonb not null default '{}',
  hash bytea not null,
  primary key (tenant_id, id)
);
create index access_log_customer_idx on access_log (tenant_id, customer_id, id desc) where customer_id is not null;
create index access_log_actor_idx on access_log (tenant_id, actor_user_id, id desc);
create index access_log_time_idx on access_log (tenant_id, occurred_at desc, id desc);

create table access_log_chain (
  tenant_id uuid primary key references tenants (id) on delete cascade,
  -- The newest row: its id and hash.
  last_id bigint not null default 0,
  last_hash bytea,
  -- Where the chain starts: the last row retention removed (0 and null when none was).
  base_id bigint not null default 0,
  base_hash bytea
);

select tsumiki_protect_tenant_table('access_log');
select tsumiki_protect_tenant_table('access_log_chain');
-- Insert-only for the app role; the chain head is written by the trigger alone.
revoke update, delete, truncate on access_log from tsumiki_app;
revoke insert, update, delete, truncate on access_log_chain from tsumiki_app;

-- What the hash covers, in one canonical text (jsonb renders deterministically; the time in UTC
-- whatever the session's time zone).
create function tsumiki_access_log_content(r access_log) returns text
language sql stable as $$
  select jsonb_build_array(
    r.tenant_id, r.id,
    to_char(r.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_user_id, r.actor_name, r.actor_email, r.action,
    r.target_type, r.target_id, r.customer_id,
    r.ip, r.user_agent, r.request_id, r.detail
  )::text
$$;

create function tsumiki_access_log_hash(previous bytea, r access_log) returns bytea
language sql stable as $$
  select sha256(coalesce(previous, '\x'::bytea) || convert_to(tsumiki_access_log_content(r), 'UTF8'))
$$;

create function tsumiki_access_log_lock(tenant uuid) returns void
language sql as $$
  select pg_advisory_xact_lock(hashtextextended('tsumiki.access_log:' || tenant::text, 0))
$$;

-- Links one row into its tenant's chain: the next number, the hash over the previous hash and
-- the row's content, the head moved on. Owned by the owner (the app role cannot write the head).
-- Callable by the app role only through the trigger below in practice; a direct call moves the head
-- without a row, which the chain check reports as a missing row.
create function tsumiki_access_log_link(r access_log, out id bigint, out hash bytea)
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  head access_log_chain%rowtype;
begin
  perform tsumiki_access_log_lock(r.tenant_id);
  select * into head from access_log_chain c where c.tenant_id = r.tenant_id for update;
  if not found then
    insert into access_log_chain (tenant_id) values (r.tenant_id) returning * into head;
  end if;
  r.id := head.last_id + 1;
  id := r.id;
  hash := tsumiki_access_log_hash(head.last_hash, r);
  update access_log_chain c set last_id = r.id, last_hash = hash where c.tenant_id = r.tenant_id;
end
$$;

-- The time is the database's clock at the insert, whatever the client sent — except for rows the
-- owner's tsumiki_seal_access_log() moves from the inbox, which keep the inbox's own clock time.
create function tsumiki_access_log_chain_row() returns trigger
language plpgsql as $$
declare
  linked record;
begin
  -- The owner's sealer (tsumiki_seal_access_log) chains the rows it moves itself, in one pass.
  if current_user <> 'tsumiki_app' and new.id is not null and new.hash is not null then
    return new;
  end if;
  if current_user = 'tsumiki_app' or new.occurred_at is null then
    new.occurred_at := clock_timestamp();
  end if;
  new.detail := coalesce(new.detail, '{}'::jsonb);
  new.id := 0;
  select * into linked from tsumiki_access_log_link(new);
  new.id := linked.id;
  new.hash := linked.hash;
  return new;
end
$$;

create trigger chain_row before insert on access_log
  for each row execute function tsumiki_access_log_chain_row();

-- Walks one tenant's chain (the rows the caller can see: the app role its own tenant's) from its
-- start and returns the first problem: 'altered' (the row's hash does not match its content and
-- the previous hash), 'missing' (a row before this one is gone), 'tail_missing' (rows after the
-- last one are gone), or no row when the chain holds.
create function tsumiki_verify_access_log(tenant uuid)
returns table (problem text, row_id bigint, row_occurred_at timestamptz, expected_id bigint, checked bigint)
language plpgsql stable as $$
declare
  head access_log_chain%rowtype;
  r access_log%rowtype;
  previous bytea;
  next_id bigint;
  n bigint := 0;
begin
  select * into head from access_log_chain c where c.tenant_id = tenant;
  if not found then
    head.base_id := 0;
    head.base_hash := null;
    head.last_id := 0;
  end if;
  previous := head.base_hash;
  next_id := head.base_id + 1;
  for r in select * from access_log l where l.tenant_id = tenant order by l.id loop
    if r.id <> next_id then
      return query select 'missing'::text, r.id, r.occurred_at, next_id, n;
      return;
    end if;
    if r.hash is distinct from tsumiki_access_log_hash(previous, r) then
      return query select 'altered'::text, r.id, r.occurred_at, r.id, n;
      return;
    end if;
    previous := r.hash;
    next_id := r.id + 1;
    n := n + 1;
  end loop;
  if next_id - 1 <> head.last_id or previous is distinct from head.last_hash then
    return query select 'tail_missing'::text, null::bigint, null::timestamptz, next_id, n;
    return;
  end if;
  return query select null::text, null::bigint, null::timestamptz, null::bigint, n;
end
$$;

-- Retention: removes the current tenant's rows older than its audit_log_retention_years and
-- makes the last removed row the chain's new start, so what remains still verifies. Callable by
-- the app role for the tenant its transaction is scoped to only; the cut-off comes from the
-- tenant's own setting, never from the caller.
create function tsumiki_prune_access_log() returns bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  years integer;
  cut access_log%rowtype;
  removed bigint;
begin
  if tenant is null then
    raise exception 'app.tenant_id is not set';
  end if;
  select t.audit_log_retention_years into years from tenants t where t.id = tenant;
  if years is null then
    return 0;
  end if;
  perform tsumiki_access_log_lock(tenant);
  select * into cut from access_log l
    where l.tenant_id = tenant and l.occurred_at < clock_timestamp() - make_interval(years => years)
    order by l.id desc limit 1;
  if not found then
    return 0;
  end if;
  delete from access_log l where l.tenant_id = tenant and l.id <= cut.id;
  get diagnostics removed = row_count;
  update access_log_chain c set base_id = cut.id, base_hash = cut.hash where c.tenant_id = tenant;
  return removed;
end
$$;

revoke execute on function tsumiki_prune_access_log() from public;
grant execute on function tsumiki_prune_access_log() to tsumiki_app;
grant execute on function tsumiki_verify_access_log(uuid) to tsumiki_app;

revoke execute on function tsumiki_access_log_link(access_log) from public;
grant execute on function tsumiki_access_log_link(access_log) to tsumiki_app;

-- Reads: their rows go into this inbox in the read's own transaction (with its commit, so a read
-- is never answered without its row), without the chain lock, so reads never wait for one another.
-- tsumiki_seal_access_log() moves them into access_log, chained, in the order they arrived, with
-- the inbox's clock time: the server does so every second, and before the log is listed,
-- exported or checked. Insert-only for the app role, like the log.
create table access_log_inbox (
  tenant_id uuid not null references tenants (id) on delete cascade,
  seq bigint generated always as identity,
  occurred_at timestamptz not null default clock_timestamp(),
  entry jsonb not null,
  primary key (tenant_id, seq)
);
select tsumiki_protect_tenant_table('access_log_inbox');
revoke update, delete, truncate on access_log_inbox from tsumiki_app;

create function tsumiki_access_log_inbox_time() returns trigger
language plpgsql as $$
begin
  new.occurred_at := clock_timestamp();
  return new;
end
$$;
create trigger inbox_time before insert on access_log_inbox
  for each row execute function tsumiki_access_log_inbox_time();

-- Moves the current tenant's inbox rows (at most 5,000 at a time) into the chain, oldest first:
-- one lock, one read and one write of the chain's head for the whole batch.
create function tsumiki_seal_access_log() returns bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  head access_log_chain%rowtype;
  pending access_log_inbox%rowtype;
  r access_log%rowtype;
  taken bigint[] := '{}';
begin
  if tenant is null then
    raise exception 'app.tenant_id is not set';
  end if;
  perform tsumiki_access_log_lock(tenant);
  select * into head from access_log_chain c where c.tenant_id = tenant for update;
  if not found then
    insert into access_log_chain (tenant_id) values (tenant) returning * into head;
  end if;
  for pending in
    select * from access_log_inbox i where i.tenant_id = tenant order by i.seq limit 5000 for update skip locked
  loop
    select tenant, head.last_id + 1, pending.occurred_at, x.actor_user_id, x.actor_name, x.actor_email,
        x.action, x.target_type, x.target_id, x.customer_id, x.ip, x.user_agent, x.request_id,
        coalesce(x.detail, '{}'), null::bytea
      into r
      from jsonb_to_record(pending.entry) as x(actor_user_id uuid, actor_name text, actor_email text,
        action text, target_type text, target_id text, customer_id uuid, ip text, user_agent text,
        request_id text, detail jsonb);
    r.hash := tsumiki_access_log_hash(head.last_hash, r);
    insert into access_log select r.*;
    head.last_id := r.id;
    head.last_hash := r.hash;
    taken := taken || pending.seq;
  end loop;
  if cardinality(taken) = 0 then
    return 0;
  end if;
  delete from access_log_inbox i where i.tenant_id = tenant and i.seq = any (taken);
  update access_log_chain c set last_id = head.last_id, last_hash = head.last_hash where c.tenant_id = tenant;
  return cardinality(taken);
end
$$;

-- The tenants with rows waiting in the inbox (the server's sealer visits only those).
create function tsumiki_access_log_pending_tenants() returns setof uuid
language sql stable security definer set search_path = public, pg_temp as $$
  select distinct i.tenant_id from access_log_inbox i
$$;

revoke execute on function tsumiki_seal_access_log() from public;
grant execute on function tsumiki_seal_access_log() to tsumiki_app;
revoke execute on function tsumiki_access_log_pending_tenants() from public;
grant execute on function tsumiki_access_log_pending_tenants() to tsumiki_app;
