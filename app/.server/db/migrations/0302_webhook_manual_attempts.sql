-- "Send again" in a webhook's delivery log is one attempt of its own (issue 22, decision 029),
-- as Stripe's "Resend" and GitHub's "Redeliver" are: recorded in the log, marked as sent by
-- hand, and leaving the delivery's own schedule (its retries, its 24-hour window) alone.
-- Plain SQL that Postgres 15 and PGlite both run.
ALTER TABLE webhook_attempts ADD COLUMN manual boolean NOT NULL DEFAULT false;
