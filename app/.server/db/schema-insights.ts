import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./schema-columns";
import { workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0120_insights.sql.

/** A member's dismissal or snooze of one insight (by its stable id), with the evidence hash it had then. */
export const insightStates = pgTable(
  "insight_states",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    insightId: text("insight_id").notNull(),
    state: text("state").$type<"dismissed" | "snoozed">().notNull(),
    evidenceHash: text("evidence_hash").notNull(),
    until: ts("until"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.insightId] })],
);
