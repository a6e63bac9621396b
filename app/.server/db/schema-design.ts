import { integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { ts } from "./schema-columns";
import { projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0060_design_system.sql.

export const designSystems = pgTable("design_systems", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** Null: the workspace's base system. */
  projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
  document: jsonb("document").$type<DesignSystemDoc>().notNull(),
  revision: integer("revision").notNull().default(1),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const designVersions = pgTable("design_versions", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
  version: text("version").notNull(),
  note: text("note").notNull().default(""),
  /** The effective document at publish time. */
  document: jsonb("document").$type<DesignSystemDoc>().notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const designDownloadTokens = pgTable("design_download_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  versionId: uuid("version_id")
    .notNull()
    .references(() => designVersions.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  revokedAt: ts("revoked_at"),
});
