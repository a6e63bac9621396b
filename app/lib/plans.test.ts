import { describe, expect, it } from "vitest";
import { PLANS, formatUsd, formatUsdCents, getPlan, limitLabels, parseInterval, priceFor, yearlyPrice, yearlySavings } from "./plans";

describe("plan catalogue", () => {
  it("has the spec's three plans, Professional the popular one, all in usd per month", () => {
    expect(PLANS.map((p) => [p.id, p.name, p.price, p.popular])).toEqual([
      ["starter", "Starter", 29, false],
      ["professional", "Professional", 79, true],
      ["enterprise", "Enterprise", 199, false],
    ]);
    for (const p of PLANS) expect([p.currency, p.interval, p.stripePrice]).toEqual(["usd", "month", { month: null, year: null }]);
    expect(getPlan("enterprise")?.limits).toEqual({ projects: null, users: null, storageGb: 500, apiCalls: null });
    expect(getPlan("nope")).toBeUndefined();
  });

  it("prices a year at 12 months less 20%, rounded down, and shows the difference", () => {
    expect(PLANS.map((p) => [yearlyPrice(p.price), yearlySavings(p.price)])).toEqual([
      [278, 70],
      [758, 190],
      [1910, 478],
    ]);
    expect(priceFor(PLANS[0]!, "month")).toBe(29);
    expect(priceFor(PLANS[0]!, "year")).toBe(278);
  });

  it("formats whole dollars and invoice amounts with a thousands separator", () => {
    expect([formatUsd(29), formatUsd(1910), formatUsd(2388)]).toEqual(["$29", "$1,910", "$2,388"]);
    expect([formatUsdCents(79), formatUsdCents(1910), formatUsdCents(0.5)]).toEqual(["$79.00", "$1,910.00", "$0.50"]);
  });

  it("labels limits, unlimited where null", () => {
    expect(limitLabels(getPlan("starter")!.limits)).toEqual(["5 projects", "3 users", "5GB storage", "1,000 API calls"]);
    expect(limitLabels(getPlan("enterprise")!.limits)).toEqual([
      "Unlimited projects",
      "Unlimited users",
      "500GB storage",
      "Unlimited API calls",
    ]);
  });

  it("reads the interval from the query, monthly by default", () => {
    expect([parseInterval("year"), parseInterval("month"), parseInterval(null), parseInterval("YEAR")]).toEqual([
      "year",
      "month",
      "month",
      "month",
    ]);
  });
});
