import { bigserial, boolean, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0260_webhooks.sql, 0300_webhook_secrets_sealed.sql and 0302_webhook_manual_attempts.sql.

/** An HTTPS endpoint subscribed to public event types (decision 029). */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  kinds: jsonb("kinds").$type<string[]>().notNull().default([]),
  /** Sealed (app/.server/crypto/seal.ts); an earlier version's clear value until the runner's start-up seals it. */
  secret: text("secret").notNull(),
  /** The secret's last 4 characters, what the page shows. */
  secretHint: text("secret_hint").notNull().default(""),
  previousSecret: text("previous_secret"),
  previousExpiresAt: ts("previous_expires_at"),
  disabledAt: ts("disabled_at"),
  disabledReason: text("disabled_reason", { enum: ["manual", "failing"] }),
  failingSince: ts("failing_since"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** One message to one endpoint, retried until delivered or 24 hours have passed. */
export const webhookDeliveries = pgTable("webhook_deliveries", {
  id: uuid("id").primaryKey().defaultRandom(),
  seq: bigserial("seq", { mode: "number" }).notNull().unique(),
  endpointId: uuid("endpoint_id")
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  messageId: text("message_id").notNull().unique(),
  eventId: uuid("event_id"),
  type: text("type").notNull(),
  objectKey: text("object_key").notNull(),
  payload: jsonb("payload").$type<unknown>().notNull(),
  status: text("status", { enum: ["pending", "delivered", "failed"] })
    .notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
  lockedBy: text("locked_by"),
  lockedUntil: ts("locked_until"),
  createdAt: ts("created_at").notNull().defaultNow(),
  finishedAt: ts("finished_at"),
});

/** Each attempt of a delivery, for the endpoint's log. */
export const webhookAttempts = pgTable("webhook_attempts", {
  id: uuid("id").primaryKey().defaultRandom(),
  deliveryId: uuid("delivery_id")
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
  endpointId: uuid("endpoint_id")
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  attempt: integer("attempt").notNull(),
  ok: boolean("ok").notNull(),
  responseStatus: integer("response_status"),
  responseExcerpt: text("response_excerpt").notNull().default(""),
  durationMs: integer("duration_ms").notNull(),
  /** "Send again": an attempt of its own, outside the delivery's schedule (its `attempt` is the automatic ones' count then). */
  manual: boolean("manual").notNull().default(false),
  at: ts("at").notNull().defaultNow(),
});
