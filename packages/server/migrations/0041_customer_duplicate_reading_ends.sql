-- 0041: the similar readings of 重複の候補 found through indexes, not by pairing every two
-- customers born on the same day.
--
-- The rule (customers.duplicates.ts): two readings one edit apart (a letter replaced, added or
-- dropped), the earlier customer's at least 4 letters long, with the same birth date or phone.
-- One edit touches the first two letters or the last two of such a pair, never both: replaced or
-- dropped at letter i of a reading of n >= 4 letters, the first two stay when i >= 3 and the last
-- two when i <= 2 <= n - 2 (an added letter is the other side's dropped one). So the two share
-- their first two letters (the head) or their last two (the tail), and the pairs are found by
-- equality on (birth date, head) and (birth date, tail). The later customer's reading may be one
-- letter shorter, so the ends are kept from 3 letters on; shorter readings have none.
--
-- Generated columns, not expression indexes: under row-level security only leakproof conditions
-- (a plain column compared with =) go into an index scan (as reading_key, 0030).
create function tsumiki_reading_head(reading text) returns text
language sql immutable parallel safe
return case when length(reading) >= 3 then left(reading, 2) end;

create function tsumiki_reading_tail(reading text) returns text
language sql immutable parallel safe
return case when length(reading) >= 3 then right(reading, 2) end;

alter table customers
  add column reading_head text
    generated always as (tsumiki_reading_head(tsumiki_reading_fold(last_name_kana || first_name_kana))) stored,
  add column reading_tail text
    generated always as (tsumiki_reading_tail(tsumiki_reading_fold(last_name_kana || first_name_kana))) stored;

-- Over the customers in use (the rule of customerInUse(), like the other keys' indexes), with the
-- order of registration the pairs are made in (created_at, id): the list pairs the whole tenant,
-- and each of these joins reads its index alone, in order, on both sides (a merge of index-only
-- scans), not the customers' rows.
create index customers_live_birth_reading_head_idx
  on customers (tenant_id, birth_date, reading_head) include (created_at, id)
  where deleted_at is null and use_stopped_at is null and birth_date is not null and reading_head is not null;
create index customers_live_birth_reading_tail_idx
  on customers (tenant_id, birth_date, reading_tail) include (created_at, id)
  where deleted_at is null and use_stopped_at is null and birth_date is not null and reading_tail is not null;
