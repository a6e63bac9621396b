-- The insight cache (issue 10, docs/decisions/020-insight-cache.md): each project's computed
-- insights, so the board, the dashboard and /analytics do not run every rule on each load.
-- Plain SQL that Postgres 15 and PGlite both run.

-- One row per project: the insights as the rules produced them for the moment `computed_for`
-- (the rules depend on the time: due dates, staleness), and `read_at`, the database's clock
-- when the computation started reading (a slower computation that read earlier never
-- overwrites one that read later). Personal dismissals and snoozes are applied after reading
-- (insight_states), so they take effect at once.
CREATE TABLE project_insights (
  project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  computed_for timestamptz NOT NULL,
  read_at timestamptz NOT NULL,
  insights jsonb NOT NULL
);
CREATE INDEX project_insights_workspace_idx ON project_insights (workspace_id);

-- What changed since: one row per project per statement that wrote anything the rules read,
-- written by the triggers below (so every write path counts, whoever wrote it). Writers only
-- insert here (no row is updated, so no writer waits on another); a project's cached insights
-- are fresh while it has no row here. Computing a project's insights first reads its rows, and
-- deletes exactly those when it stores the result: a change committed meanwhile keeps its row,
-- and the next read computes again. No foreign key: a project's rows may be written while it
-- is being deleted.
CREATE TABLE insight_changes (
  id bigserial PRIMARY KEY,
  project_id uuid NOT NULL
);
CREATE INDEX insight_changes_project_idx ON insight_changes (project_id, id);

CREATE FUNCTION insight_changes_from_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_changes (project_id) SELECT DISTINCT project_id FROM new_rows WHERE project_id IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE FUNCTION insight_changes_from_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_changes (project_id) SELECT DISTINCT project_id FROM old_rows WHERE project_id IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE FUNCTION insight_changes_from_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_changes (project_id)
    SELECT project_id FROM new_rows WHERE project_id IS NOT NULL
    UNION SELECT project_id FROM old_rows WHERE project_id IS NOT NULL;
  RETURN NULL;
END
$$;

-- The tables the insight rules read that carry project_id: every insert, update and delete.
CREATE TRIGGER cards_insight_ins AFTER INSERT ON cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER cards_insight_upd AFTER UPDATE ON cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_both();
CREATE TRIGGER cards_insight_del AFTER DELETE ON cards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_old();

CREATE TRIGGER card_assignees_insight_ins AFTER INSERT ON card_assignees REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER card_assignees_insight_upd AFTER UPDATE ON card_assignees REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_both();
CREATE TRIGGER card_assignees_insight_del AFTER DELETE ON card_assignees REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_old();

CREATE TRIGGER card_dependencies_insight_ins AFTER INSERT ON card_dependencies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER card_dependencies_insight_upd AFTER UPDATE ON card_dependencies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_both();
CREATE TRIGGER card_dependencies_insight_del AFTER DELETE ON card_dependencies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_old();

CREATE TRIGGER cycles_insight_ins AFTER INSERT ON cycles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER cycles_insight_upd AFTER UPDATE ON cycles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_both();
CREATE TRIGGER cycles_insight_del AFTER DELETE ON cycles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_old();

CREATE TRIGGER cycle_cards_insight_ins AFTER INSERT ON cycle_cards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER cycle_cards_insight_upd AFTER UPDATE ON cycle_cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_both();
CREATE TRIGGER cycle_cards_insight_del AFTER DELETE ON cycle_cards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_old();

CREATE TRIGGER board_columns_insight_ins AFTER INSERT ON board_columns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER board_columns_insight_upd AFTER UPDATE ON board_columns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_both();
CREATE TRIGGER board_columns_insight_del AFTER DELETE ON board_columns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_old();

-- Append-only logs: inserts only (the transition log feeds throughput, the activity log staleness).
CREATE TRIGGER card_transitions_insight_ins AFTER INSERT ON card_transitions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();
CREATE TRIGGER activity_insight_ins AFTER INSERT ON activity REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_from_new();

-- A project's name is in its insights' text; archiving takes them off the pages.
CREATE FUNCTION insight_changes_from_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_changes (project_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER projects_insight_upd AFTER UPDATE OF name, archived_at ON projects FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.archived_at IS DISTINCT FROM NEW.archived_at)
  EXECUTE FUNCTION insight_changes_from_project();

-- The team (members who can be given work, with their names) is the workspace's: a change to
-- it touches every project of that workspace.
CREATE FUNCTION insight_changes_from_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO insight_changes (project_id) SELECT p.id FROM projects p WHERE p.workspace_id = OLD.workspace_id;
  ELSE
    INSERT INTO insight_changes (project_id) SELECT p.id FROM projects p WHERE p.workspace_id = NEW.workspace_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER memberships_insight AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW
  EXECUTE FUNCTION insight_changes_from_memberships();

CREATE FUNCTION insight_changes_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_changes (project_id)
    SELECT p.id FROM memberships m JOIN projects p ON p.workspace_id = m.workspace_id WHERE m.user_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_insight_upd AFTER UPDATE OF full_name, email ON users FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION insight_changes_from_user();

-- Throughput (the insight rules, the forecasts, /analytics' overview) reads only the entries
-- into a completed column of a project in a window of time.
CREATE INDEX card_transitions_completed_idx ON card_transitions (project_id, at) WHERE to_state_group = 'completed';
