import { describe, expect, it } from "vitest";
import { planStatusText, type PlanStatus } from "./billing-text";

const base: PlanStatus = {
  planName: "Professional",
  status: "active",
  interval: "month",
  price: 79,
  currentPeriodEnd: "2026-12-22T10:00:00.000Z",
  cancelAtPeriodEnd: false,
  trialEndsAt: null,
  trialDaysLeft: null,
  readOnly: false,
};
const trial: PlanStatus = {
  ...base,
  status: "trial",
  interval: null,
  price: null,
  currentPeriodEnd: null,
  trialEndsAt: "2026-12-01T00:00:00.000Z",
  trialDaysLeft: 14,
};

describe("planStatusText", () => {
  it("speaks of the trial only while on it", () => {
    expect(planStatusText(trial)).toBe("Free trial with Professional limits: 14 days left.");
    expect(planStatusText({ ...trial, trialDaysLeft: 1 })).toBe("Free trial with Professional limits: 1 day left.");
    expect(planStatusText({ ...trial, trialDaysLeft: 0, readOnly: true })).toMatch(
      /^Your free trial has ended, so this workspace is read-only\./,
    );
  });

  it("names the paid plan, its interval and price, and when it renews or ends", () => {
    expect(planStatusText(base)).toBe("Professional plan, billed monthly ($79/month): active, renews on Dec 22, 2026.");
    expect(planStatusText({ ...base, planName: "Enterprise", interval: "year", price: 1910, cancelAtPeriodEnd: true })).toBe(
      "Enterprise plan, billed yearly ($1,910/year): active, canceled, ends on Dec 22, 2026.",
    );
    expect(planStatusText({ ...base, status: "past_due" })).toMatch(/the last payment failed/);
  });

  it("says a canceled subscription left the workspace read-only", () => {
    expect(planStatusText({ ...base, status: "canceled", readOnly: true })).toBe(
      "Your Professional subscription has ended, so this workspace is read-only. Your data is kept; choose a plan to make changes again.",
    );
  });
});
