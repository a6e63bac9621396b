// npm run stripe:setup against the local Stripe-protocol server: an empty account
// gets three products and six prices with the catalogue's amounts and lookup keys;
// a second run creates nothing. The script itself runs once as a child process.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/.server/env";
import { StripeTestServer } from "../../../tests/support/stripe-server";
import { setupStripeCatalogue } from "./setup";
import { stripeClient } from "./stripe";

const server = new StripeTestServer({ catalogue: false });
const saved = { ...process.env };

beforeAll(async () => {
  process.env.STRIPE_API_BASE = await server.start();
  process.env.STRIPE_SECRET_KEY = server.secretKey;
  resetEnvForTests();
});

afterAll(async () => {
  for (const k of ["STRIPE_API_BASE", "STRIPE_SECRET_KEY"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvForTests();
  await server.stop();
});

const priceByKey = (key: string) => [...server.prices.values()].find((p) => p.lookup_key === key);

describe("stripe:setup", () => {
  it("creates the products and prices once and prints the env lines", async () => {
    const first = await setupStripeCatalogue(stripeClient());
    expect(server.products.size).toBe(3);
    expect([...server.products.values()].map((p) => p.name)).toEqual(["Atelier Starter", "Atelier Professional", "Atelier Enterprise"]);
    expect(priceByKey("starter_month")).toMatchObject({
      unit_amount: 2900,
      currency: "usd",
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(priceByKey("starter_year")).toMatchObject({ unit_amount: 27800, recurring: { interval: "year" } });
    expect(priceByKey("professional_year")?.unit_amount).toBe(75800);
    expect(priceByKey("enterprise_year")?.unit_amount).toBe(191000);
    expect(priceByKey("enterprise_month")?.product).toBe(priceByKey("enterprise_year")?.product);
    expect(first.lines).toHaveLength(7);
    expect(first.lines[0]).toBe(`STRIPE_PRICE_STARTER_MONTH=${priceByKey("starter_month")!.id}`);
    expect(first.lines[5]).toBe(`STRIPE_PRICE_ENTERPRISE_YEAR=${priceByKey("enterprise_year")!.id}`);

    // A portal configuration where a customer can switch between the six prices.
    expect(first.created).toBe(6 + 1);
    expect(server.portalConfigurations.size).toBe(1);
    const [portal] = [...server.portalConfigurations.values()] as { id: string; features: Record<string, Record<string, unknown>> }[];
    expect(first.lines[6]).toBe(`STRIPE_PORTAL_CONFIGURATION=${portal!.id}`);
    expect(portal!.features.subscription_update).toMatchObject({ enabled: "true", default_allowed_updates: ["price"] });
    const switchable = portal!.features.subscription_update!.products as { product: string; prices: string[] }[];
    expect(switchable).toHaveLength(3);
    expect(switchable.flatMap((p) => p.prices).sort()).toEqual([...server.prices.keys()].sort());
    expect(portal!.features.subscription_cancel).toMatchObject({ enabled: "true", mode: "at_period_end" });

    const again = await setupStripeCatalogue(stripeClient());
    expect(again).toEqual({ lines: first.lines, created: 0 });
    expect(server.products.size).toBe(3);
    expect(server.portalConfigurations.size).toBe(1);
  });

  it("runs as npm run stripe:setup's script and prints the lines on stdout", async () => {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/stripe-setup.ts"], {
      env: { ...process.env, STRIPE_API_BASE: server.baseUrl, STRIPE_SECRET_KEY: server.secretKey },
    });
    expect(stdout.trim().split("\n")).toEqual([
      ...["STARTER", "PROFESSIONAL", "ENTERPRISE"].flatMap((p) =>
        ["MONTH", "YEAR"].map((i) => expect.stringMatching(new RegExp(`^STRIPE_PRICE_${p}_${i}=price_test_`))),
      ),
      expect.stringMatching(/^STRIPE_PORTAL_CONFIGURATION=bpc_test_/),
    ]);
  });
});
