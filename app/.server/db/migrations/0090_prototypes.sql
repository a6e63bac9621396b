-- Prototypes (issue 15): share links that let anyone with the link play one wireframe's
-- prototype, and feedback pins (a spot on a screen, with a thread of comments).
-- Plain SQL that Postgres 15 and PGlite both run.

CREATE TABLE prototype_share_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  wireframe_id uuid NOT NULL REFERENCES wireframes(id) ON DELETE CASCADE,
  -- sha256 of the token in the link (hex); the token itself is shown once and never stored.
  token_hash text NOT NULL UNIQUE,
  -- argon2id, when the link asks for a password.
  password_hash text,
  allow_feedback boolean NOT NULL DEFAULT false,
  expires_at timestamptz,
  revoked_at timestamptz,
  open_count integer NOT NULL DEFAULT 0,
  last_opened_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prototype_share_links_wireframe_idx ON prototype_share_links (wireframe_id, created_at DESC);

-- A pin: a spot (x, y in the screen's own px) on one screen of a wireframe.
CREATE TABLE prototype_pins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  wireframe_id uuid NOT NULL REFERENCES wireframes(id) ON DELETE CASCADE,
  screen_id text NOT NULL,
  x real NOT NULL,
  y real NOT NULL,
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prototype_pins_wireframe_idx ON prototype_pins (wireframe_id, screen_id, created_at);

-- A pin's thread: the first comment opens it. A guest (a link viewer) has a typed name and no user.
CREATE TABLE prototype_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  pin_id uuid NOT NULL REFERENCES prototype_pins(id) ON DELETE CASCADE,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  guest_name text,
  share_link_id uuid REFERENCES prototype_share_links(id) ON DELETE SET NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prototype_comments_pin_idx ON prototype_comments (pin_id, created_at);
