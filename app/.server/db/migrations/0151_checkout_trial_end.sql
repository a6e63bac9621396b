-- Paying during the trial keeps its remaining days (issue 11): the test-mode checkout session
-- carries the trial's end, as Stripe's does (subscription_data.trial_end); the subscription it
-- starts is "trialing" until then, and the first charge falls on that day.
ALTER TABLE local_checkout_sessions ADD COLUMN trial_end timestamptz;
