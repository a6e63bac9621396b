-- Notifications (issue 11): stored per user, each linking to its target; who watches a card;
-- and each user's e-mail choice per kind. Plain SQL that Postgres 15 and PGlite both run.

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind text NOT NULL,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  project_id uuid REFERENCES projects(id) ON DELETE CASCADE,
  card_id uuid REFERENCES cards(id) ON DELETE CASCADE,
  title text NOT NULL,
  excerpt text,
  url text NOT NULL,
  -- One notification per event and person (the daily due-date sweep runs again safely).
  dedupe_key text,
  read_at timestamptz,
  -- Set when the e-mail for it went out (immediately, or in a digest).
  emailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_dedupe_idx ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;

CREATE TABLE card_watchers (
  card_id uuid NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  -- false when the user chose to stop watching: automatic watching does not add them again.
  watching boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (card_id, user_id)
);
CREATE INDEX card_watchers_user_idx ON card_watchers (user_id);

-- 'off', 'immediate' or 'digest' per kind; a missing row means the kind's default.
CREATE TABLE notification_email_settings (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  email text NOT NULL CHECK (email IN ('off', 'immediate', 'digest')),
  PRIMARY KEY (user_id, kind)
);
