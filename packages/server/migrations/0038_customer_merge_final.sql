-- 0038: a merge becomes final 30 days after it was made (名寄せ).
--
-- Until then it can be undone, so its record keeps what the undo needs (the kept customer's
-- overwritten values, the ids of the rows that moved) and the merged customer's tombstone keeps
-- its personal data. A nightly job then removes both and marks the merge final: the tombstone
-- keeps its id, name and reading, 診察券番号 and merged_into_id, so it still redirects and the
-- access log still names it.
alter table customer_merges add column finalized_at timestamptz;

-- The job's search (merges in force, not final yet, oldest first) and the list of recent merges.
create index customer_merges_pending_idx on customer_merges (tenant_id, merged_at)
  where undone_at is null and finalized_at is null;
