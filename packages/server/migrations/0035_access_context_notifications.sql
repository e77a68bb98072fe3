-- 0035: every change of what a request's access context is read from is announced.
--
-- Each server process keeps the access contexts it read lately (platform/access/
-- access-context-cache.ts): the session, its user, the user's active memberships and their
-- permissions, the feature switches and the two-factor policies of those tenants. These triggers
-- notify the channel `tsumiki_access_context` with what changed, and every process LISTENing on it
-- drops the entries concerned: `s:<session id>` (auth_sessions), `u:<user id>` (users, and
-- tenant_users: a membership added, changed or ended), `t:<tenant id>` (tenants: name, plan, time
-- zone, two-factor policy, existence; tenant_features). Triggers rather than the code that writes:
-- no writer, present or future, can forget. PostgreSQL delivers a notification on commit, and
-- folds identical ones of one transaction into one.
create function tsumiki_access_context_key(tbl text, changed jsonb) returns text
language sql immutable as $$
  select case tbl
    when 'auth_sessions' then 's:' || (changed ->> 'id')
    when 'users' then 'u:' || (changed ->> 'id')
    when 'tenant_users' then 'u:' || (changed ->> 'user_id')
    when 'tenants' then 't:' || (changed ->> 'id')
    else 't:' || (changed ->> 'tenant_id')
  end
$$;

create function tsumiki_notify_access_context() returns trigger
language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('tsumiki_access_context', tsumiki_access_context_key(tg_table_name, to_jsonb(old)));
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('tsumiki_access_context', tsumiki_access_context_key(tg_table_name, to_jsonb(new)));
  end if;
  return null;
end;
$$;

-- A new session is in no process's cache yet (its token is signed after the insert).
create trigger auth_sessions_access_context after update or delete on auth_sessions
  for each row execute function tsumiki_notify_access_context();
create trigger users_access_context after update or delete on users
  for each row execute function tsumiki_notify_access_context();
create trigger tenant_users_access_context after insert or update or delete on tenant_users
  for each row execute function tsumiki_notify_access_context();
-- A tenant created: a system administrator's cached "no such tenant" for its id goes.
create trigger tenants_access_context after insert or update or delete on tenants
  for each row execute function tsumiki_notify_access_context();
create trigger tenant_features_access_context after insert or update or delete on tenant_features
  for each row execute function tsumiki_notify_access_context();
