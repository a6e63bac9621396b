-- Wireframes (issue 8, docs/decisions/013-wireframe-document-and-co-editing.md).
-- A wireframe's document is one jsonb value (app/lib/wireframes/document.ts), changed only
-- by patches that the server numbers (seq) and keeps in an op log for clients that reconnect.

CREATE TABLE wireframes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  document jsonb NOT NULL,
  -- The number of the last patch applied (0: none yet).
  seq bigint NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The list: a workspace's (or a project's) wireframes, newest first.
CREATE INDEX wireframes_workspace_idx ON wireframes (workspace_id, updated_at DESC);
CREATE INDEX wireframes_project_idx ON wireframes (project_id, updated_at DESC);

-- The op log: every applied patch, by wireframe and seq. Old entries are pruned (a client
-- that has been away longer reloads the document instead of replaying).
CREATE TABLE wireframe_ops (
  wireframe_id uuid NOT NULL REFERENCES wireframes(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  client_id text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  ops jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (wireframe_id, seq)
);

-- The workspace's own main components; instances in documents name them by id.
CREATE TABLE wireframe_components (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  definition jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wireframe_components_workspace_idx ON wireframe_components (workspace_id, name);

-- A card links screens of wireframes. Deleting the card or the wireframe removes the link,
-- never the other side.
CREATE TABLE card_wireframe_links (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  card_id uuid NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
  wireframe_id uuid NOT NULL REFERENCES wireframes(id) ON DELETE CASCADE,
  screen_id text NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (card_id, wireframe_id, screen_id)
);
CREATE INDEX card_wireframe_links_wireframe_idx ON card_wireframe_links (wireframe_id, screen_id);

-- Uploaded images. Their bytes are in the file store (like card attachments, and counted
-- with them in the workspace's storage); an image element names its row by id. The row
-- belongs to the wireframe it was uploaded to; deleting that wireframe hands rows still used
-- by another wireframe of the workspace over to it (app/.server/wireframes/images.ts).
CREATE TABLE wireframe_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  wireframe_id uuid NOT NULL REFERENCES wireframes(id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wireframe_images_workspace_idx ON wireframe_images (workspace_id);
CREATE INDEX wireframe_images_wireframe_idx ON wireframe_images (wireframe_id);

-- The bytes go with their row, whatever deletes it (the same rule as card attachments,
-- 0030): the trigger function only reads OLD.storage_key.
CREATE TRIGGER wireframe_images_drop_blob
  AFTER DELETE ON wireframe_images
  FOR EACH ROW EXECUTE FUNCTION card_attachments_drop_blob();
