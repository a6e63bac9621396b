import { bigint, customType, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { users } from "./schema-users";
import { cardOwned } from "./schema-product";

// Mirrors migrations/0030_attachments.sql.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const cardAttachments = pgTable("card_attachments", {
  id: uuid("id").primaryKey().defaultRandom(),
  ...cardOwned(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  storageKey: text("storage_key").notNull().unique(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** The embedded file store's bytes; a trigger removes a row when its attachment goes. */
export const fileBlobs = pgTable("file_blobs", {
  storageKey: text("storage_key").primaryKey(),
  contentType: text("content_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
