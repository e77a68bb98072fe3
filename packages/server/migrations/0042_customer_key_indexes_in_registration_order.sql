-- 0042: a file's rows looked up by phone and e-mail through their own index, whatever the
-- statistics say.
--
-- The background import's check (customers.duplicates-import.ts) takes, for each row of the file,
-- the newest PER_KEY customers with the same phone or e-mail (order by created_at desc, id). With
-- the indexes of 0030 on (tenant_id, key) alone, the planner could serve that order from
-- customers_live_created_idx and filter the key, reading every customer once per row: right after a
-- big import, before autovacuum had analysed the table, a 30,000-row file against 3,000 customers
-- took 80 s instead of 1. With the order in the index, one index gives the rows of a key already
-- in that order, and is the cheaper plan whatever the row estimates.
drop index customers_live_phone_idx;
drop index customers_live_email_idx;
create index customers_live_phone_idx on customers (tenant_id, phone_key, created_at desc, id)
  where deleted_at is null and use_stopped_at is null and phone_key is not null;
create index customers_live_email_idx on customers (tenant_id, email_key, created_at desc, id)
  where deleted_at is null and use_stopped_at is null and email_key is not null;
