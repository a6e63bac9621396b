import { bigint, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ComponentDefinition, Op, WireframeDocument } from "~/lib/wireframes/document";
import { ts } from "./schema-columns";
import { cards, projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0040_wireframes.sql and 0065_wireframe_patch_ids.sql.

export const wireframes = pgTable("wireframes", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  document: jsonb("document").$type<WireframeDocument>().notNull(),
  seq: bigint("seq", { mode: "number" }).notNull().default(0),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const wireframeOps = pgTable(
  "wireframe_ops",
  {
    wireframeId: uuid("wireframe_id")
      .notNull()
      .references(() => wireframes.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    clientId: text("client_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ops: jsonb("ops").$type<Op[]>().notNull(),
    // 0065: the client's name for the patch (a replay answers the first seq).
    patchId: text("patch_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wireframeId, t.seq] }), uniqueIndex("wireframe_ops_patch_id_idx").on(t.wireframeId, t.patchId)],
);

export const wireframeComponents = pgTable("wireframe_components", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  definition: jsonb("definition").$type<ComponentDefinition>().notNull(),
  version: integer("version").notNull().default(1),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const cardWireframeLinks = pgTable(
  "card_wireframe_links",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    wireframeId: uuid("wireframe_id")
      .notNull()
      .references(() => wireframes.id, { onDelete: "cascade" }),
    screenId: text("screen_id").notNull(),
    // 0065: set while the screen is removed (the link is hidden; an undo brings it back).
    screenRemovedAt: ts("screen_removed_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.wireframeId, t.screenId] })],
);

export const wireframeImages = pgTable("wireframe_images", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  wireframeId: uuid("wireframe_id")
    .notNull()
    .references(() => wireframes.id, { onDelete: "cascade" }),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  storageKey: text("storage_key").notNull().unique(),
  // 0065: when the daily sweep first found no document using it (freed a day later).
  unreferencedSince: ts("unreferenced_since"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
