import type Stripe from "stripe";
import { PLANS, priceFor, type BillingInterval } from "~/lib/plans";
import { lookupKey } from "./provider";

/**
 * `npm run stripe:setup`: the catalogue's three products and six prices in the
 * Stripe account (lookup keys `<plan>_<interval>`, the yearly price with its 20%
 * discount). Prices that already carry their lookup key are reused, so running it
 * twice creates nothing new. Returns the env lines that pin the price ids.
 */
export async function setupStripeCatalogue(client: Stripe): Promise<{ lines: string[]; created: number }> {
  const lines: string[] = [];
  let created = 0;
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
    }
  }
  return { lines, created };
}
