import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0240_api_keys.sql.

/** API keys: workspace keys (`userId` null) and personal keys, stored hashed (decision 027). */
export const apiKeys = pgTable("api_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  createdBy: uuid("created_by")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  mode: text("mode", { enum: ["live", "test"] }).notNull(),
  publicId: text("public_id").notNull().unique(),
  secretHash: text("secret_hash").notNull(),
  scopes: jsonb("scopes").$type<string[]>().notNull().default([]),
  expiresAt: ts("expires_at"),
  revokedAt: ts("revoked_at"),
  lastUsedAt: ts("last_used_at"),
  lastUsedIp: text("last_used_ip"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
