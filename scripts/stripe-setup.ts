// npm run stripe:setup — creates the plans' products and prices in the Stripe account
// of STRIPE_SECRET_KEY (STRIPE_API_BASE points it elsewhere) and prints the env lines.
import { setupStripeCatalogue } from "../app/.server/payments/setup";
import { stripeClient } from "../app/.server/payments/stripe";

try {
  const { lines, created } = await setupStripeCatalogue(stripeClient());
  console.error(`stripe:setup: ${created} price(s) created, ${lines.length - created} already there. Add to your environment:`);
  console.log(lines.join("\n"));
} catch (error) {
  console.error(`stripe:setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
