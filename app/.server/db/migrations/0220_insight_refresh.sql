-- Insights kept warm in the background (issue 10, docs/decisions/025-insights-refreshed-in-the-background.md):
-- the pages find a viewed project's insights already computed after a change, instead of
-- running the rules on their own time. Plain SQL that Postgres 15 and PGlite both run.

-- When someone last read the project's insights (written at most once a minute per project),
-- and until when one app process has claimed its recomputation (so two processes behind one
-- database do not both run the rules for the same change).
ALTER TABLE project_insights ADD COLUMN viewed_at timestamptz;
ALTER TABLE project_insights ADD COLUMN refreshing_until timestamptz;

-- Every change mark tells every app process, on the realtime channel (app/.server/realtime:
-- "<topic>|<body>", here "insights|<project id>"), once per project per statement; Postgres
-- folds identical notifications of one transaction into one, delivered when it commits.
CREATE FUNCTION insight_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atelier_board', 'insights|' || d.project_id::text)
    FROM (SELECT DISTINCT project_id FROM new_rows) d;
  RETURN NULL;
END
$$;
CREATE TRIGGER insight_changes_notify AFTER INSERT ON insight_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_notify();
