-- Card attachments. The metadata (card_attachments) is what listings, card faces and the
-- storage usage read; the bytes of the embedded file store live in their own table
-- (file_blobs), keyed by storage_key, so no metadata query ever reads them.
-- docs/decisions/010-file-storage.md

CREATE TABLE card_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  card_id uuid NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The storage usage: SUM(size_bytes) per workspace.
CREATE INDEX card_attachments_workspace_idx ON card_attachments (workspace_id);
CREATE INDEX card_attachments_card_idx ON card_attachments (card_id, created_at);
-- The board's paperclip counts, and the keys to discard when a project is deleted.
CREATE INDEX card_attachments_project_idx ON card_attachments (project_id);

-- The embedded file store (app/.server/files/postgres-store.ts).
CREATE TABLE file_blobs (
  storage_key text PRIMARY KEY,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The bytes go with their metadata, in the same transaction, whatever deletes it: the
-- attachment itself, or (ON DELETE CASCADE) its card, project or workspace. So the
-- embedded store never keeps bytes nobody can see or that the usage no longer counts.
CREATE FUNCTION card_attachments_drop_blob() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM file_blobs WHERE storage_key = OLD.storage_key;
  RETURN NULL;
END
$$;

CREATE TRIGGER card_attachments_drop_blob
  AFTER DELETE ON card_attachments
  FOR EACH ROW EXECUTE FUNCTION card_attachments_drop_blob();
