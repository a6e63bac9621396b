import { integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";

// Mirrors migrations/0250_api_idempotency_keys.sql.

/** A POST's `Idempotency-Key` in its workspace: what was asked and, once answered, the answer (24 hours). */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    responseBody: text("response_body"),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);
