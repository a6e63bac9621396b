-- Idempotency keys of the public API (issue 22, docs/decisions/028-public-api.md): a POST
-- sent with an `Idempotency-Key` header is stored here with the SHA-256 of what was asked
-- (method, path and body) and, once answered, the answer itself, for 24 hours. The same key
-- and request again replays the stored answer; the same key with another request is
-- refused (422); a second request while the first still runs is refused (409).
-- Plain SQL that Postgres 15 and PGlite both run.
CREATE TABLE api_idempotency_keys (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  -- Null while the first request runs; then its status, headers and body.
  response_status integer,
  response_headers jsonb,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, key)
);
CREATE INDEX api_idempotency_keys_expiry ON api_idempotency_keys (expires_at);
