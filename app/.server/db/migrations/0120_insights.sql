-- Insights (issue 10, app/.server/insights): what each member did with an insight. An
-- insight is computed, never stored; this keeps only a member's dismissal or snooze of one
-- (its stable id: type and subject) with the evidence hash it had then. When the insight's
-- evidence changes (another hash), or a snooze ends, it shows again.
CREATE TABLE insight_states (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  insight_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('dismissed', 'snoozed')),
  evidence_hash text NOT NULL,
  -- Snoozed: shows again from this moment. Dismissed: null.
  until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id, insight_id)
);
