-- Each card's first entry into a started column (issue 10, decision 021), kept on the card from
-- its transitions, so /analytics' cycle times need no look-up in the log per finished card.
-- cards.started_at is not that: it is also set when a card goes straight to a completed
-- column, and it is kept when a card is reopened. Set by a trigger on the log (the one place
-- every move, creation and column change writes), never moved later: the earliest entry wins,
-- so a transition written late (the backfill) still gives the right value.
ALTER TABLE cards ADD COLUMN first_started_at timestamptz;

UPDATE cards c SET first_started_at = t.at
FROM (SELECT card_id, min(at) AS at FROM card_transitions WHERE to_state_group = 'started' GROUP BY card_id) t
WHERE t.card_id = c.id;

CREATE FUNCTION cards_first_started() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cards SET first_started_at = NEW.at
  WHERE id = NEW.card_id AND (first_started_at IS NULL OR first_started_at > NEW.at);
  RETURN NULL;
END
$$;

CREATE TRIGGER card_transitions_first_started AFTER INSERT ON card_transitions
  FOR EACH ROW WHEN (NEW.to_state_group = 'started') EXECUTE FUNCTION cards_first_started();
