-- 0040: a read's row in the access log's inbox (0023, 0034) gets the database's clock from the
-- column's default (clock_timestamp(), as before) instead of a per-row PL/pgSQL trigger that
-- overwrote whatever the caller sent: the app role may no longer name occurred_at at all (nor
-- seq), so it still cannot choose a row's time — an INSERT that tries is refused — and PostgreSQL
-- runs no trigger per row. Measured with typed-array batches of the read log (one connection, the
-- app role, PostgreSQL backend CPU from /proc, shared 2-core machine): about 0.007 ms less per
-- row (0.019 → 0.012 ms a row on top of a commit's fixed 0.3 ms).

drop trigger inbox_time on access_log_inbox;
drop function tsumiki_access_log_inbox_time();

alter table access_log_inbox alter column occurred_at set default clock_timestamp();

-- Insert-only as before (no update, delete or truncate), and only these columns.
revoke insert on access_log_inbox from tsumiki_app;
grant insert (tenant_id, actor_user_id, actor_name, actor_email, action, target_type, target_id,
  customer_id, ip, user_agent, request_id, detail) on access_log_inbox to tsumiki_app;
