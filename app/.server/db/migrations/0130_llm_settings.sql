-- The optional language model (issue 10, app/.server/llm): per workspace, whether card
-- titles may be sent to it (off until an admin or owner turns it on). A missing row means off.
CREATE TABLE workspace_llm_settings (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  share_card_titles boolean NOT NULL DEFAULT false,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
