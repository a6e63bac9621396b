import { boolean, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";

// Mirrors migrations/0020_billing.sql.

export type ProviderName = "stripe" | "local";
export type SubscriptionStatus = "trialing" | "active" | "past_due" | "canceled" | "incomplete";

export const billingCustomers = pgTable(
  "billing_customers",
  {
    workspaceId: uuid("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ProviderName>().notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.customerId)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ProviderName>().notNull(),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    priceId: text("price_id").notNull(),
    planId: text("plan_id").notNull(),
    interval: text("interval").$type<"month" | "year">().notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.subscriptionId)],
);

export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
  processedAt: ts("processed_at"),
});

export const localCustomers = pgTable("local_customers", {
  id: text("id").primaryKey(),
  email: text("email"),
  name: text("name"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const localCheckoutSessions = pgTable("local_checkout_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => localCustomers.id, { onDelete: "cascade" }),
  priceId: text("price_id").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  allowPromotionCodes: boolean("allow_promotion_codes").notNull().default(false),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
  subscriptionId: text("subscription_id"),
  /** The trial's end to keep (migration 0151): the subscription trials until then. */
  trialEnd: ts("trial_end"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const localSubscriptions = pgTable("local_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => localCustomers.id, { onDelete: "cascade" }),
  priceId: text("price_id").notNull(),
  status: text("status").$type<SubscriptionStatus>().notNull(),
  currentPeriodStart: ts("current_period_start").notNull(),
  currentPeriodEnd: ts("current_period_end").notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  canceledAt: ts("canceled_at"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const localInvoices = pgTable("local_invoices", {
  id: text("id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => localCustomers.id, { onDelete: "cascade" }),
  subscriptionId: text("subscription_id").references(() => localSubscriptions.id, { onDelete: "set null" }),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status").$type<"paid" | "open" | "void">().notNull(),
  periodStart: ts("period_start").notNull(),
  periodEnd: ts("period_end").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
