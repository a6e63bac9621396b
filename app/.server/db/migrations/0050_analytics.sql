-- Analytics (issue 10): the card transition log, daily snapshots and the job runner's marks.
-- Plain SQL that Postgres 15 and PGlite both run. Day boundaries are UTC.

-- Estimates (optional points, halves allowed). Cards already carry created_at,
-- started_at (first entry into a started column) and completed_at (cleared on leaving).
ALTER TABLE cards ADD COLUMN estimate_points numeric(6, 1) CHECK (estimate_points IS NULL OR estimate_points >= 0);

-- Append-only: one row when a card is created (from_* null), moves between columns, has
-- its column's state group changed under it, or is deleted (to_* null). No foreign key on
-- the card or the columns: the history outlives them (the state groups are copied).
CREATE TABLE card_transitions (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  card_id uuid NOT NULL,
  from_column_id uuid,
  to_column_id uuid,
  from_state_group text,
  to_state_group text,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now(),
  -- Set on the rows the one-time backfill wrote from the activity log.
  backfilled boolean NOT NULL DEFAULT false
);
CREATE INDEX card_transitions_project_idx ON card_transitions (project_id, at);
CREATE INDEX card_transitions_card_idx ON card_transitions (card_id, at);

-- The state of each column at the end of a (UTC) day, written by the daily job.
CREATE TABLE project_daily_snapshots (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  day date NOT NULL,
  column_id uuid NOT NULL,
  state_group text NOT NULL,
  card_count integer NOT NULL,
  points numeric(10, 1) NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, day, column_id)
);
CREATE INDEX project_daily_snapshots_workspace_idx ON project_daily_snapshots (workspace_id, day);

-- The scheduler's "done" marks: one row per job and key (a day, or 'once').
CREATE TABLE job_runs (
  name text NOT NULL,
  key text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  PRIMARY KEY (name, key)
);
