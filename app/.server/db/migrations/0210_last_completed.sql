-- Each card's last entry into a completed column from elsewhere (issue 10, decision 021), kept on
-- the card beside its first transition and first start (0170, 0190), so /analytics' finished
-- cards are read from the cards, not found among the range's completions in the log (about
-- 16,000 rows grouped per card at 10,000 cards). The latest entry wins, so a transition written
-- late (the backfill) still gives the right value. It is not cleared when the card leaves a
-- completed column: readers take it only for cards in one now, as the log's replay does.
-- cards.completed_at is the app's own: stamped with its clock reading, a moment apart from the log's.
ALTER TABLE cards ADD COLUMN last_completed_at timestamptz;

UPDATE cards c SET last_completed_at = t.at
FROM (
  SELECT card_id, max(at) AS at FROM card_transitions
  WHERE to_state_group = 'completed' AND from_state_group IS DISTINCT FROM 'completed'
  GROUP BY card_id
) t
WHERE t.card_id = c.id;

CREATE OR REPLACE FUNCTION cards_first_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  started boolean := NEW.to_state_group = 'started';
  completed boolean := NEW.to_state_group = 'completed' AND NEW.from_state_group IS DISTINCT FROM 'completed';
BEGIN
  UPDATE cards SET
    first_logged_at = least(first_logged_at, NEW.at),
    first_started_at = CASE WHEN started THEN least(first_started_at, NEW.at) ELSE first_started_at END,
    last_completed_at = CASE WHEN completed THEN greatest(last_completed_at, NEW.at) ELSE last_completed_at END
  WHERE id = NEW.card_id
    AND (first_logged_at IS NULL OR first_logged_at > NEW.at
      OR (started AND (first_started_at IS NULL OR first_started_at > NEW.at))
      OR (completed AND (last_completed_at IS NULL OR last_completed_at < NEW.at)));
  RETURN NULL;
END
$$;
