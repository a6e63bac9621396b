-- Workspace search (app/.server/search): full-text indexes over what the search reads, and
-- trigram indexes for typos. pg_trgm ships with Postgres (Debian's postgresql-contrib is
-- part of the server package) and with PGlite (loaded in app/.server/db/index.ts); where
-- it cannot be created, search still works without typo tolerance.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available: search runs without typo tolerance';
END
$$;

CREATE INDEX cards_search_idx ON cards USING gin (to_tsvector('simple', title || ' ' || description));
CREATE INDEX comments_search_idx ON comments USING gin (to_tsvector('simple', body));
CREATE INDEX projects_search_idx ON projects USING gin (to_tsvector('simple', name || ' ' || description));
CREATE INDEX cards_workspace_number_idx ON cards (workspace_id, number);

-- The operator class is named with the extension's schema: a database whose tables live in
-- another schema (search_path) than the one the extension was installed in still finds it.
DO $$
DECLARE
  ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF ext_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX cards_title_trgm_idx ON cards USING gin (lower(title) %I.gin_trgm_ops)', ext_schema);
    EXECUTE format('CREATE INDEX projects_name_trgm_idx ON projects USING gin (lower(name) %I.gin_trgm_ops)', ext_schema);
  END IF;
END
$$;
