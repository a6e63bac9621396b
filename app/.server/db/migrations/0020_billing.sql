-- Billing: the payment provider's customer per workspace, the subscription record the
-- sync writes, webhook event ids seen once, and the local test-mode provider's own
-- customers, checkout sessions, subscriptions and invoices.

CREATE TABLE billing_customers (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, customer_id)
);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  customer_id text NOT NULL,
  subscription_id text NOT NULL,
  price_id text NOT NULL,
  plan_id text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('month', 'year')),
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'incomplete')),
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, subscription_id)
);
CREATE INDEX subscriptions_workspace_idx ON subscriptions (workspace_id);

CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  provider text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);

CREATE TABLE local_customers (
  id text PRIMARY KEY,
  email text,
  name text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_checkout_sessions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers(id) ON DELETE CASCADE,
  price_id text NOT NULL,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  allow_promotion_codes boolean NOT NULL DEFAULT false,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  subscription_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers(id) ON DELETE CASCADE,
  price_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'incomplete')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  canceled_at timestamptz,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_subscriptions_customer_idx ON local_subscriptions (customer_id);

CREATE TABLE local_invoices (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers(id) ON DELETE CASCADE,
  subscription_id text REFERENCES local_subscriptions(id) ON DELETE SET NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL DEFAULT 'usd',
  status text NOT NULL CHECK (status IN ('paid', 'open', 'void')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_invoices_customer_idx ON local_invoices (customer_id, created_at);
