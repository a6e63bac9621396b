-- Design system (issue 9, docs/notes design contract). A workspace has one base system
-- (project_id NULL) that every project inherits; a project may have one system of its own
-- that adds and overrides tokens. The document is a DesignSystemDoc (app/lib/design-tokens/types.ts):
-- ordered DTCG token sets and themes, kept verbatim ($extensions included).

CREATE TABLE design_systems (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects(id) ON DELETE CASCADE,
  document jsonb NOT NULL,
  -- Bumped by every saved change (a form that read an older revision is refused).
  revision integer NOT NULL DEFAULT 1,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One base system per workspace, one system per project.
CREATE UNIQUE INDEX design_systems_base_idx ON design_systems (workspace_id) WHERE project_id IS NULL;
CREATE UNIQUE INDEX design_systems_project_idx ON design_systems (project_id) WHERE project_id IS NOT NULL;

-- A published version: the EFFECTIVE document (base merged with the project's) at publish time.
CREATE TABLE design_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects(id) ON DELETE CASCADE,
  version text NOT NULL CHECK (length(version) BETWEEN 5 AND 80),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  document jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A version number is unique within its scope (the workspace base, or one project).
CREATE UNIQUE INDEX design_versions_base_version_idx ON design_versions (workspace_id, version) WHERE project_id IS NULL;
CREATE UNIQUE INDEX design_versions_project_version_idx ON design_versions (project_id, version) WHERE project_id IS NOT NULL;
CREATE INDEX design_versions_scope_idx ON design_versions (workspace_id, project_id, created_at DESC);

-- Stable download URLs for build pipelines: /design/versions/{id}/download/{format}?token=…
-- Only the token's SHA-256 is kept; revoking sets revoked_at.
CREATE TABLE design_download_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  version_id uuid NOT NULL REFERENCES design_versions(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX design_download_tokens_version_idx ON design_download_tokens (version_id);
