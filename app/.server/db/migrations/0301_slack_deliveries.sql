-- Slack posts through the durable delivery queue (issue 22, docs/decisions/030-integrations.md):
-- a row per message to a project's channel, written in the transaction of the change it
-- reports (or by the weekly digest), claimed by the same runner as the webhook deliveries
-- (FOR UPDATE SKIP LOCKED, a lease), retried with backoff for 24 hours, in order per project.
-- Disconnecting the channel drops what it had pending. Plain SQL that Postgres 15 and PGlite
-- both run.
CREATE TABLE slack_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigserial NOT NULL UNIQUE,
  project_id uuid NOT NULL REFERENCES slack_integrations(project_id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  event_id uuid,
  -- 'card_done', 'mention' or 'digest'.
  kind text NOT NULL,
  -- { "text": "…" }: the message as Slack takes it (the URL stays sealed on slack_integrations).
  message jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  -- The last attempt's answer: the HTTP status (null when none came) and what went wrong.
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX slack_deliveries_due ON slack_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX slack_deliveries_project ON slack_deliveries (project_id, seq) WHERE status = 'pending';
CREATE INDEX slack_deliveries_finished ON slack_deliveries (finished_at) WHERE status <> 'pending';
