import { bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0270_integrations.sql and 0301_slack_deliveries.sql.

/** A project's Slack incoming webhook, its URL encrypted (decision 030). */
export const slackIntegrations = pgTable("slack_integrations", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  webhookUrlEnc: text("webhook_url_enc").notNull(),
  webhookHint: text("webhook_hint").notNull(),
  connectedBy: uuid("connected_by").references(() => users.id, { onDelete: "set null" }),
  connectedAt: ts("connected_at").notNull().defaultNow(),
  lastPostedAt: ts("last_posted_at"),
  lastError: text("last_error"),
  lastErrorAt: ts("last_error_at"),
});

/** A member's Figma connection in a workspace, its tokens encrypted (decision 030). */
export const figmaConnections = pgTable(
  "figma_connections",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    figmaUserId: text("figma_user_id").notNull(),
    figmaHandle: text("figma_handle").notNull(),
    accessTokenEnc: text("access_token_enc").notNull(),
    refreshTokenEnc: text("refresh_token_enc"),
    expiresAt: ts("expires_at"),
    needsReconnect: boolean("needs_reconnect").notNull().default(false),
    connectedAt: ts("connected_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/** One message to a project's Slack channel, on the durable delivery queue (decision 030). */
export const slackDeliveries = pgTable("slack_deliveries", {
  id: uuid("id").primaryKey().defaultRandom(),
  seq: bigserial("seq", { mode: "number" }).notNull().unique(),
  projectId: uuid("project_id")
    .notNull()
    .references(() => slackIntegrations.projectId, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  eventId: uuid("event_id"),
  kind: text("kind", { enum: ["card_done", "mention", "digest"] }).notNull(),
  message: jsonb("message").$type<{ text: string }>().notNull(),
  status: text("status", { enum: ["pending", "delivered", "failed"] })
    .notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
  lockedBy: text("locked_by"),
  lockedUntil: ts("locked_until"),
  lastStatus: integer("last_status"),
  lastError: text("last_error"),
  createdAt: ts("created_at").notNull().defaultNow(),
  finishedAt: ts("finished_at"),
});
