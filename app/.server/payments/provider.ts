import { env } from "../env";
import { createLocalProvider } from "./local";
import { createStripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

/**
 * The configured payment provider: Stripe when STRIPE_SECRET_KEY is set (./stripe.ts),
 * else the local test-mode provider that keeps its records in the database (./local.ts).
 * Both implement `PaymentProvider` (./types.ts), so sync.ts and webhook.ts serve both.
 */
let override: PaymentProvider | undefined;
let cached: { key: string; provider: Promise<PaymentProvider> } | undefined;

/** The configured provider: Stripe when STRIPE_SECRET_KEY is set, else local test mode. */
export function paymentProvider(): Promise<PaymentProvider> {
  if (override) return Promise.resolve(override);
  const e = env();
  const key = `${e.STRIPE_SECRET_KEY ?? ""}|${e.STRIPE_API_BASE ?? ""}`;
  if (cached?.key !== key) {
    // A failure to build it (a bad key) rejects the promise, as a provider's calls do.
    cached = { key, provider: Promise.resolve().then(() => (e.STRIPE_SECRET_KEY ? createStripeProvider() : createLocalProvider())) };
  }
  return cached.provider;
}

/** Tests swap in a provider (e.g. one that fails) and restore the configured one with undefined. */
export function setPaymentProviderForTests(provider: PaymentProvider | undefined) {
  override = provider;
  cached = undefined;
}
