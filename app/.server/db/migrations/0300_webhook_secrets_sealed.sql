-- Webhook signing secrets sealed at rest (issue 22, docs/decisions/029-webhooks.md). SQL has no
-- key to seal with: the app seals every secret still in clear when its delivery runner starts
-- (app/.server/webhooks/secrets.ts), and reads both forms until then. What the settings page
-- shows of a secret (its last characters) is kept apart, taken here from the clear values
-- every row still has. Plain SQL that Postgres 15 and PGlite both run.
ALTER TABLE webhook_endpoints ADD COLUMN secret_hint text NOT NULL DEFAULT '';
UPDATE webhook_endpoints SET secret_hint = right(secret, 4);
