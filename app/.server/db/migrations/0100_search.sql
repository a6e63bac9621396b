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

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX cards_title_trgm_idx ON cards USING gin (lower(title) gin_trgm_ops)';
    EXECUTE 'CREATE INDEX projects_name_trgm_idx ON projects USING gin (lower(name) gin_trgm_ops)';
  END IF;
END
$$;
