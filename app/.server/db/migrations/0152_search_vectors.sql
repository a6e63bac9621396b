-- Stored search vectors (issue 11): ranking a common word recomputed to_tsvector for every
-- candidate card and comment (81 ms CPU at p50 for "invoice" over 50,000 cards, bench:search).
-- Each row now keeps its vector in a generated column, indexed with GIN in place of the
-- expression indexes of 0100_search; app/.server/search matches and ranks with the column.
ALTER TABLE cards ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description)) STORED;
ALTER TABLE comments ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED;
DROP INDEX IF EXISTS cards_search_idx;
DROP INDEX IF EXISTS comments_search_idx;
CREATE INDEX cards_search_vector_idx ON cards USING gin (search_vector);
CREATE INDEX comments_search_vector_idx ON comments USING gin (search_vector);
