-- Estimate history (issue 10, docs/decisions/022-estimate-history.md): every change of a card's
-- estimate, so a past day's points in a burn-up and the daily snapshots are the estimates as they
-- were at the end of that day, not today's. Plain SQL that Postgres 15 and PGlite both run.

-- Append-only: one row per change (points null: the estimate was removed), written in the
-- transaction that changes cards.estimate_points. A card's points at an instant are those of its
-- last row before it; no row, no estimate. As card_transitions: no foreign key on the card, the
-- history outlives it (a deleted card's past days keep their points); the project's and the
-- workspace's deletion take it along.
CREATE TABLE card_estimate_changes (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  card_id uuid NOT NULL,
  points numeric(6, 1) CHECK (points IS NULL OR points >= 0),
  at timestamptz NOT NULL DEFAULT now(),
  -- Set on the rows this migration rebuilt from the activity log and the cards.
  backfilled boolean NOT NULL DEFAULT false
);
-- A project's changes up to a day (the range's burn-up, the snapshot job); a cycle's cards' changes.
CREATE INDEX card_estimate_changes_project_idx ON card_estimate_changes (project_id, at);
CREATE INDEX card_estimate_changes_card_idx ON card_estimate_changes (card_id, at);

-- The backfill. Until now setEstimate was the one writer of estimate_points, and it logged each
-- change as activity ('card.updated', field 'estimate', old and new value as JSON numbers or null)
-- at the change's time. Each such change becomes a row at that time. When the first logged change
-- had an old value, that value is dated from the card's creation (the earliest it can have been
-- set). A deleted card's activity no longer names it (card_id was set null), so its history
-- cannot be rebuilt: its past days count no points, as before.
WITH logged AS (
  SELECT c.workspace_id, c.project_id, c.id AS card_id, c.created_at, a.created_at AS at,
    CASE WHEN jsonb_typeof(a.old_value) = 'number' THEN (a.old_value #>> '{}')::numeric END AS old_points,
    CASE WHEN jsonb_typeof(a.new_value) = 'number' THEN (a.new_value #>> '{}')::numeric END AS new_points,
    row_number() OVER (PARTITION BY a.card_id ORDER BY a.created_at, a.id) AS n
  FROM activity a
  JOIN cards c ON c.id = a.card_id AND c.workspace_id = a.workspace_id
  WHERE a.action = 'card.updated' AND a.field = 'estimate'
)
INSERT INTO card_estimate_changes (workspace_id, project_id, card_id, points, at, backfilled)
SELECT workspace_id, project_id, card_id, old_points, least(created_at, at), true FROM logged WHERE n = 1 AND old_points IS NOT NULL
UNION ALL
SELECT workspace_id, project_id, card_id, new_points, at, true FROM logged;

-- A card whose estimate is not where its logged changes leave it (set without a log: seeded or
-- restored data): its current estimate from its creation when it has no row at all (its past days
-- count what they counted before this migration), else from its last update (not before its last row).
INSERT INTO card_estimate_changes (workspace_id, project_id, card_id, points, at, backfilled)
SELECT c.workspace_id, c.project_id, c.id, c.estimate_points,
  CASE WHEN latest.at IS NULL THEN c.created_at ELSE greatest(c.updated_at, latest.at) END, true
FROM cards c
LEFT JOIN LATERAL (
  SELECT e.points, e.at FROM card_estimate_changes e WHERE e.card_id = c.id ORDER BY e.at DESC, e.id DESC LIMIT 1
) latest ON true
WHERE CASE WHEN latest.at IS NULL THEN c.estimate_points IS NOT NULL ELSE latest.points IS DISTINCT FROM c.estimate_points END;
