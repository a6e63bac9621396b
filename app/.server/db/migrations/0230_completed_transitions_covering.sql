-- Throughput (the analytics page's weekly counts, the forecasts' history, the insights and the
-- overview) counts each card's entries into a completed column in a window of time. The index
-- of 0160 found those entries, but each was then read from the table: at 10,000 cards and
-- 100,000 transitions that is nearly every page of it (15 MB, read twice per analytics page, and
-- more than the embedded database's 16 MB of shared buffers hold beside the cards). With the
-- columns these counts read in the index itself, they are answered from the index alone
-- (an index-only scan: about 170 pages instead of 2,000; bench:analytics-page). Same name and
-- keys, so every query that used it still does.
DROP INDEX card_transitions_completed_idx;
CREATE INDEX card_transitions_completed_idx ON card_transitions (project_id, at)
  INCLUDE (card_id, from_state_group, workspace_id) WHERE to_state_group = 'completed';
