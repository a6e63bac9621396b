import { boolean, pgTable, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0130_llm_settings.sql.

/** Per workspace: whether card titles may be sent to the language model (no row: no). */
export const workspaceLlmSettings = pgTable("workspace_llm_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  shareCardTitles: boolean("share_card_titles").notNull().default(false),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
