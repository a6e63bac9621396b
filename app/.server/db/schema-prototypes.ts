import { boolean, integer, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";
import { users } from "./schema-users";
import { wireframes } from "./schema-wireframes";

// Mirrors migrations/0090_prototypes.sql.

export const prototypeShareLinks = pgTable("prototype_share_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  wireframeId: uuid("wireframe_id")
    .notNull()
    .references(() => wireframes.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  passwordHash: text("password_hash"),
  allowFeedback: boolean("allow_feedback").notNull().default(false),
  expiresAt: ts("expires_at"),
  revokedAt: ts("revoked_at"),
  openCount: integer("open_count").notNull().default(0),
  lastOpenedAt: ts("last_opened_at"),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const prototypePins = pgTable("prototype_pins", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  wireframeId: uuid("wireframe_id")
    .notNull()
    .references(() => wireframes.id, { onDelete: "cascade" }),
  screenId: text("screen_id").notNull(),
  x: real("x").notNull(),
  y: real("y").notNull(),
  resolvedAt: ts("resolved_at"),
  resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const prototypeComments = pgTable("prototype_comments", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  pinId: uuid("pin_id")
    .notNull()
    .references(() => prototypePins.id, { onDelete: "cascade" }),
  authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
  guestName: text("guest_name"),
  shareLinkId: uuid("share_link_id").references(() => prototypeShareLinks.id, { onDelete: "set null" }),
  body: text("body").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
