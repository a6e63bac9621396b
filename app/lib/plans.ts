/**
 * The plan catalogue (spec section 9) and its price arithmetic. Isomorphic: the
 * plan picker renders it and the billing work will charge from it.
 */
export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const PLAN_IDS = ["starter", "professional", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type PlanLimits = {
  /** null means unlimited. */
  projects: number | null;
  users: number | null;
  storageGb: number | null;
  apiCalls: number | null;
};

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Whole US dollars per month. */
  price: number;
  currency: "usd";
  interval: "month";
  /** The payment provider's price ids; filled in by the billing work. */
  stripePrice: Record<BillingInterval, string | null>;
  popular: boolean;
  features: string[];
  limits: PlanLimits;
};

export const YEARLY_DISCOUNT = 0.2;

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For small teams getting organised.",
    price: 29,
    currency: "usd",
    interval: "month",
    stripePrice: { month: null, year: null },
    popular: false,
    features: ["Basic analytics", "Email support", "Standard integrations"],
    limits: { projects: 5, users: 3, storageGb: 5, apiCalls: 1_000 },
  },
  {
    id: "professional",
    name: "Professional",
    description: "For growing teams that ship design and product work every week.",
    price: 79,
    currency: "usd",
    interval: "month",
    stripePrice: { month: null, year: null },
    popular: true,
    features: ["Advanced analytics", "Priority support", "All integrations", "Custom workflows", "Advanced reporting"],
    limits: { projects: 25, users: 10, storageGb: 50, apiCalls: 10_000 },
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "For organisations that need security, scale and a dedicated partner.",
    price: 199,
    currency: "usd",
    interval: "month",
    stripePrice: { month: null, year: null },
    popular: false,
    features: [
      "Enterprise analytics",
      "24/7 phone support",
      "Custom integrations",
      "Advanced security",
      "Dedicated account manager",
      "Custom training",
      "SLA guarantee",
    ],
    limits: { projects: null, users: null, storageGb: 500, apiCalls: null },
  },
];

export function getPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** Monthly price × 12 × 0.8, rounded down (spec section 5). */
export function yearlyPrice(monthly: number): number {
  return Math.floor(monthly * 12 * (1 - YEARLY_DISCOUNT));
}

/** What a year costs at the monthly price, less the yearly price. */
export function yearlySavings(monthly: number): number {
  return monthly * 12 - yearlyPrice(monthly);
}

/** The price charged per `interval`, in whole dollars. */
export function priceFor(plan: Plan, interval: BillingInterval): number {
  return interval === "year" ? yearlyPrice(plan.price) : plan.price;
}

/** Anything but "year" means monthly billing (the default). */
export function parseInterval(value: string | null | undefined): BillingInterval {
  return value === "year" ? "year" : "month";
}

/** Whole dollars with a thousands separator: "$29", "$1,910". */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/** Dollars and cents, as invoices show them: "$1,910.00". */
export function formatUsdCents(amount: number): string {
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "5 projects", "Unlimited users", "500GB storage", "1,000 API calls". */
export function limitLabels(limits: PlanLimits): string[] {
  const count = (n: number | null, noun: string) => (n === null ? `Unlimited ${noun}` : `${n.toLocaleString("en-US")} ${noun}`);
  return [
    count(limits.projects, "projects"),
    count(limits.users, "users"),
    limits.storageGb === null ? "Unlimited storage" : `${limits.storageGb}GB storage`,
    count(limits.apiCalls, "API calls"),
  ];
}
