import type Stripe from "stripe";
import { PLANS, priceFor, type BillingInterval } from "~/lib/plans";
import { lookupKey } from "./types";

/**
 * `npm run stripe:setup`: the catalogue's three products and six prices in the
 * Stripe account (lookup keys `<plan>_<interval>`, the yearly price with its 20%
 * discount). Prices that already carry their lookup key are reused, so running it
 * twice creates nothing new. Then a customer-portal configuration that lets a customer
 * switch between those six prices, cancel at the period end, update the card and see
 * invoices (Stripe's default portal does not allow switching plans, and /pricing sends
 * a subscriber who picks another plan to the portal). Returns the env lines to set.
 */
const PORTAL_MARK = { atelier: "plans" };
export async function setupStripeCatalogue(client: Stripe): Promise<{ lines: string[]; created: number }> {
  const lines: string[] = [];
  let created = 0;
  const products: { product: string; prices: string[] }[] = [];
  for (const plan of PLANS) {
    const keys = (["month", "year"] as const).map((interval) => lookupKey(plan.id, interval));
    const existing = (await client.prices.list({ lookup_keys: keys, active: true, limit: 10 })).data;
    const productOf = (p: Stripe.Price) => (typeof p.product === "string" ? p.product : p.product.id);
    let productId = existing[0] ? productOf(existing[0]) : undefined;
    for (const interval of ["month", "year"] as BillingInterval[]) {
      let price = existing.find((p) => p.lookup_key === lookupKey(plan.id, interval));
      if (!price) {
        productId ??= (
          await client.products.create({ name: `Atelier ${plan.name}`, description: plan.description, metadata: { plan_id: plan.id } })
        ).id;
        price = await client.prices.create({
          product: productId,
          currency: plan.currency,
          unit_amount: priceFor(plan, interval) * 100,
          recurring: { interval },
          lookup_key: lookupKey(plan.id, interval),
          metadata: { plan_id: plan.id },
        });
        created++;
      }
      lines.push(`STRIPE_PRICE_${plan.id.toUpperCase()}_${interval.toUpperCase()}=${price.id}`);
      productId ??= productOf(price);
      const entry = products.find((p) => p.product === productId);
      if (entry) entry.prices.push(price.id);
      else products.push({ product: productId, prices: [price.id] });
    }
  }
  const portal = await ensurePortalConfiguration(client, products);
  if (portal.created) created++;
  lines.push(`STRIPE_PORTAL_CONFIGURATION=${portal.id}`);
  return { lines, created };
}

async function ensurePortalConfiguration(client: Stripe, products: { product: string; prices: string[] }[]) {
  const existing = (await client.billingPortal.configurations.list({ active: true, limit: 100 })).data.find(
    (c) => c.metadata?.atelier === PORTAL_MARK.atelier,
  );
  const features: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
    customer_update: { enabled: true, allowed_updates: ["email", "address", "tax_id"] },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: "at_period_end" },
    subscription_update: { enabled: true, default_allowed_updates: ["price"], proration_behavior: "create_prorations", products },
  };
  if (existing) {
    // Keep it in step with the catalogue (new prices after a plan change).
    await client.billingPortal.configurations.update(existing.id, { features });
    return { id: existing.id, created: false };
  }
  const config = await client.billingPortal.configurations.create({
    business_profile: { headline: "Atelier: manage your plan, card and invoices" },
    features,
    metadata: PORTAL_MARK,
  });
  return { id: config.id, created: true };
}
