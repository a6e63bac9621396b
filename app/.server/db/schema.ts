import { boolean, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { users } from "./schema-users";

// Mirrors the SQL in ./migrations: the migrations are the source of truth for the
// database; this file is how the code sees it. Change both together.

// Users, referenced by every other schema file, live in their own.
export * from "./schema-users";

export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] })],
);

export const sessions = pgTable("sessions", {
  idHash: text("id_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  userAgent: text("user_agent"),
  ip: text("ip"),
  /** With IDENTITY=supabase: the Supabase session this row stands for (decision 018). */
  identityState: jsonb("identity_state").$type<Record<string, string>>(),
});

export const authTokens = pgTable("auth_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  purpose: text("purpose").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  secondaryHash: text("secondary_hash"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

export const featureFlags = pgTable("feature_flags", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull(),
  description: text("description").notNull().default(""),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const betaRequests = pgTable("beta_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  suppliedInviteCode: text("supplied_invite_code"),
  fullName: text("full_name"),
  company: text("company"),
  role: text("role"),
  reason: text("reason"),
  status: text("status", { enum: ["pending", "approved", "declined"] })
    .notNull()
    .default("pending"),
  inviteCode: text("invite_code").unique(),
  inviteUsedAt: ts("invite_used_at"),
  decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  decidedAt: ts("decided_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const emailCaptures = pgTable("email_captures", {
  email: text("email").primaryKey(),
  times: integer("times").notNull().default(1),
  createdAt: ts("created_at").notNull().defaultNow(),
  lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
});

// Product tables (workspaces, projects, boards) live in their own file.
export * from "./schema-product";

// Billing tables (subscriptions, webhook events, the local payment provider).
export * from "./schema-billing";

// Card attachments and the embedded file store's bytes.
export * from "./schema-files";

// Wireframes: documents, their op log, main components, card links and images.
export * from "./schema-wireframes";

// Analytics: card transitions, daily snapshots, the job runner's marks.
export * from "./schema-analytics";

// Design system: base and project token documents, published versions, download tokens.
export * from "./schema-design";

// Notifications, card watchers and each user's e-mail choice per kind.
export * from "./schema-notifications";

// Prototypes: share links, feedback pins and their comments.
export * from "./schema-prototypes";

// Cycles (membership history, frozen reports) and card dependencies.
export * from "./schema-cycles";

// Insights: each member's dismissals and snoozes.
export * from "./schema-insights";

// The language model's per-workspace setting (whether card titles may be sent).
export * from "./schema-llm";

// API keys: workspace and personal keys of the public API, stored hashed.
export * from "./schema-api-keys";

// The public API's idempotency keys (a POST's stored answer, 24 hours).
export * from "./schema-api-v1";
// Outgoing webhooks: endpoints, the delivery queue and its attempts.
export * from "./schema-webhooks";
// Integrations: a project's Slack webhook, a member's Figma connection (decision 030).
export * from "./schema-integrations";
