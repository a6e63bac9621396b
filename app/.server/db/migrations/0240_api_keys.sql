-- API keys (issue 22, docs/decisions/027-api-keys.md): a workspace key made by an owner or an
-- admin, or a personal key acting as its user, each bound to one workspace. Only the SHA-256
-- of the whole key is kept; `public_id` (also inside the key) finds the row without a scan.
-- Plain SQL that Postgres 15 and PGlite both run.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  -- The personal key's user; null for a workspace key.
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('live', 'test')),
  public_id text NOT NULL UNIQUE,
  secret_hash text NOT NULL,
  -- ["card:read", "card:write", …]: what the key may do, within what its role allows.
  scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  last_used_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_workspace ON api_keys (workspace_id, created_at);
