-- A version per project that changes whenever anything its board shows changes (issue 23,
-- docs/decisions/031-board-reads-cached-by-version.md): the board's project-wide reads (cards,
-- columns, labels, members, counts, estimates, dependencies, recent activity) are kept in each
-- app process keyed by this version, and one cheap read of it tells a request whether they
-- still hold. Kept by triggers, so every write path counts, whoever wrote it.
--
-- The triggers are deferred constraint triggers: a transaction bumps a project's version when
-- it commits, not at its first write. Bumping at the first write would hold the version row's
-- lock through the rest of the transaction, and two people moving cards in one column (each
-- transaction updating the other's rows next) would deadlock on it. At commit nothing else is
-- left to wait for. Each transaction bumps a project once however many rows it wrote (a
-- transaction-local setting remembers it). Plain SQL that Postgres 15 and PGlite both run.
CREATE TABLE project_versions (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1
);
CREATE INDEX project_versions_workspace_idx ON project_versions (workspace_id);
INSERT INTO project_versions (project_id, workspace_id) SELECT id, workspace_id FROM projects;

-- Bumps one project's version, once per transaction.
CREATE FUNCTION bump_project_version(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mark text := 'atelier.pv_' || replace(pid::text, '-', '');
BEGIN
  IF pid IS NULL OR current_setting(mark, true) = '1' THEN
    RETURN;
  END IF;
  PERFORM set_config(mark, '1', true);
  UPDATE project_versions SET version = version + 1 WHERE project_id = pid;
END
$$;

-- Tables whose rows carry project_id.
CREATE FUNCTION project_version_from_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_project_version(OLD.project_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_project_version(NEW.project_id);
  END IF;
  RETURN NULL;
END
$$;

-- The projects table itself: a new project gets its row; a renamed or archived one a new version.
CREATE FUNCTION project_version_from_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_versions (project_id, workspace_id)
      SELECT NEW.id, NEW.workspace_id WHERE EXISTS (SELECT 1 FROM projects WHERE id = NEW.id)
      ON CONFLICT (project_id) DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_project_version(NEW.id);
  END IF;
  RETURN NULL;
END
$$;

-- Card-to-screen links carry the card, not its project.
CREATE FUNCTION project_version_from_card_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_project_version((SELECT project_id FROM cards WHERE id = OLD.card_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_project_version((SELECT project_id FROM cards WHERE id = NEW.card_id));
  END IF;
  RETURN NULL;
END
$$;

-- Who is in a workspace, and their names and pictures, show on every board of it.
CREATE FUNCTION project_version_from_membership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.workspace_id ELSE NEW.workspace_id END;
  mark text := 'atelier.wv_' || replace(ws::text, '-', '');
BEGIN
  IF current_setting(mark, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(mark, '1', true);
  UPDATE project_versions SET version = version + 1 WHERE workspace_id = ws;
  RETURN NULL;
END
$$;

CREATE FUNCTION project_version_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_versions SET version = version + 1
    WHERE workspace_id IN (SELECT workspace_id FROM memberships WHERE user_id = NEW.id);
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER projects_version AFTER INSERT OR UPDATE ON projects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_project();
CREATE CONSTRAINT TRIGGER board_columns_version AFTER INSERT OR UPDATE OR DELETE ON board_columns
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER cards_version AFTER INSERT OR UPDATE OR DELETE ON cards
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER labels_version AFTER INSERT OR UPDATE OR DELETE ON labels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER card_labels_version AFTER INSERT OR UPDATE OR DELETE ON card_labels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER card_assignees_version AFTER INSERT OR UPDATE OR DELETE ON card_assignees
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER checklist_items_version AFTER INSERT OR UPDATE OR DELETE ON checklist_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER comments_version AFTER INSERT OR UPDATE OR DELETE ON comments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER card_attachments_version AFTER INSERT OR UPDATE OR DELETE ON card_attachments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER card_dependencies_version AFTER INSERT OR UPDATE OR DELETE ON card_dependencies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER cycles_version AFTER INSERT OR UPDATE OR DELETE ON cycles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER cycle_cards_version AFTER INSERT OR UPDATE OR DELETE ON cycle_cards
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER activity_version AFTER INSERT OR UPDATE OR DELETE ON activity
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_row();
CREATE CONSTRAINT TRIGGER card_wireframe_links_version AFTER INSERT OR UPDATE OR DELETE ON card_wireframe_links
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_card_link();
CREATE CONSTRAINT TRIGGER memberships_version AFTER INSERT OR UPDATE OR DELETE ON memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_membership();
CREATE CONSTRAINT TRIGGER users_version AFTER UPDATE OF full_name, email, avatar_url ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION project_version_from_user();
