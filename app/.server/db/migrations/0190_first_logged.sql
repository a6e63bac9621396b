-- Each card's first transition (its creation, as the log knows it), kept on the card (issue 10,
-- decision 021), so /analytics' lead times need no look-up in the log per finished card (6,000
-- index probes, about 40 ms of the page at 10,000 cards). Kept like 0170's first start, by a
-- trigger on the log where the earliest entry wins (a transition written late, as the backfill
-- writes them, still gives the right value); one trigger now keeps both.
ALTER TABLE cards ADD COLUMN first_logged_at timestamptz;

UPDATE cards c SET first_logged_at = t.at
FROM (SELECT card_id, min(at) AS at FROM card_transitions GROUP BY card_id) t
WHERE t.card_id = c.id;

DROP TRIGGER card_transitions_first_started ON card_transitions;
DROP FUNCTION cards_first_started();

CREATE FUNCTION cards_first_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  started boolean := NEW.to_state_group = 'started';
BEGIN
  UPDATE cards SET
    first_logged_at = least(first_logged_at, NEW.at),
    first_started_at = CASE WHEN started THEN least(first_started_at, NEW.at) ELSE first_started_at END
  WHERE id = NEW.card_id
    AND (first_logged_at IS NULL OR first_logged_at > NEW.at
      OR (started AND (first_started_at IS NULL OR first_started_at > NEW.at)));
  RETURN NULL;
END
$$;

CREATE TRIGGER card_transitions_first_times AFTER INSERT ON card_transitions
  FOR EACH ROW EXECUTE FUNCTION cards_first_times();
