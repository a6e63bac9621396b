-- Integrations (issue 22, docs/decisions/030-integrations.md). Plain SQL that Postgres 15 and
-- PGlite both run. Secrets (a Slack webhook URL, Figma's tokens) are kept encrypted
-- (AES-256-GCM, app/.server/integrations/crypto.ts); the `*_hint` columns are what the
-- settings page may show.

-- A project's Slack incoming webhook: cards done, mentions and the weekly digest go there.
CREATE TABLE slack_integrations (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  webhook_url_enc text NOT NULL,
  webhook_hint text NOT NULL,
  connected_by uuid REFERENCES users(id) ON DELETE SET NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  last_posted_at timestamptz,
  last_error text,
  last_error_at timestamptz
);
CREATE INDEX slack_integrations_workspace ON slack_integrations (workspace_id);

-- A member's Figma connection in one workspace (OAuth 2 with PKCE): who they are at Figma and
-- their tokens, refreshed when the access token has expired.
CREATE TABLE figma_connections (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  figma_user_id text NOT NULL,
  figma_handle text NOT NULL,
  access_token_enc text NOT NULL,
  refresh_token_enc text,
  expires_at timestamptz,
  -- Set when Figma refused a refresh: the member must connect again.
  needs_reconnect boolean NOT NULL DEFAULT false,
  connected_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
