-- Outgoing webhooks (issue 22, docs/decisions/029-webhooks.md): endpoints an owner or an admin
-- subscribes to event kinds, and the durable queue of their deliveries. A delivery row is
-- written inside the transaction of the change it reports (no event is lost between commit
-- and enqueue); runners claim due rows with FOR UPDATE SKIP LOCKED and a lease.
-- Plain SQL that Postgres 15 and PGlite both run.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- ["card.created", "comment.created", …]: the public event types it receives.
  kinds jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- whsec_<base64>: signs every delivery (Standard Webhooks). Kept to sign; shown once.
  secret text NOT NULL,
  -- After a rotation the previous secret signs too, until previous_expires_at.
  previous_secret text,
  previous_expires_at timestamptz,
  -- Switched off by a person (disabled_reason 'manual') or after a day of failures ('failing').
  disabled_at timestamptz,
  disabled_reason text CHECK (disabled_reason IN ('manual', 'failing')),
  -- The first failure since the last success; null while it delivers.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_workspace ON webhook_endpoints (workspace_id, created_at);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Creation order: deliveries of one object to one endpoint go out in this order.
  seq bigserial NOT NULL UNIQUE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  -- The webhook-id header: the same on every attempt, so a receiver can drop a repeat.
  message_id text NOT NULL UNIQUE,
  event_id uuid,
  type text NOT NULL,
  -- card:<id>, cycle:<id>, …: the ordering key.
  object_key text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A runner's lease: another runner takes the row once it has passed (the first one died).
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_object ON webhook_deliveries (endpoint_id, object_key, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);

-- Each attempt of a delivery: what the log shows.
CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  ok boolean NOT NULL,
  -- The HTTP status, or null when no answer came (refused address, timeout, connection error).
  response_status integer,
  -- The first bytes of the answer, or what went wrong.
  response_excerpt text NOT NULL DEFAULT '',
  duration_ms integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, at);
