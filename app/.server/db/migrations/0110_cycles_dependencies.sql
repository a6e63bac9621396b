-- Cycles and card dependencies (issue 10). Plain SQL that Postgres 15 and PGlite both run.
-- Day boundaries are UTC, as in 0050_analytics.sql.

-- "blocker blocks blocked". Both cards belong to the same project (the service checks it);
-- a card cannot block itself, and a cycle of blocks is refused by the service (it writes the chain out).
CREATE TABLE card_dependencies (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  blocker_card_id uuid NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
  blocked_card_id uuid NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_card_id, blocked_card_id),
  CHECK (blocker_card_id <> blocked_card_id)
);
CREATE INDEX card_dependencies_blocked_idx ON card_dependencies (blocked_card_id);
CREATE INDEX card_dependencies_project_idx ON card_dependencies (project_id);

-- A project's time-boxed cycles. `report` is written once, when the cycle closes, and never
-- recomputed: later changes to its cards do not alter it.
CREATE TABLE cycles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  closed_at timestamptz,
  report jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on)
);
CREATE INDEX cycles_project_idx ON cycles (project_id, starts_on);

-- Membership history: a row per stay of a card in a cycle (added, then removed or still
-- there). A card has at most one open membership (removed_at null) at a time, so the scope of
-- a cycle at any moment is rebuilt from these rows.
CREATE TABLE cycle_cards (
  id bigserial PRIMARY KEY,
  cycle_id uuid NOT NULL REFERENCES cycles(id) ON DELETE CASCADE,
  card_id uuid NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  points_at_add numeric(6, 1),
  CHECK (removed_at IS NULL OR removed_at >= added_at)
);
CREATE UNIQUE INDEX cycle_cards_one_open_idx ON cycle_cards (card_id) WHERE removed_at IS NULL;
CREATE INDEX cycle_cards_cycle_idx ON cycle_cards (cycle_id, added_at);
