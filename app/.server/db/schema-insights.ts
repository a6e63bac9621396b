import { bigserial, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { Insight } from "~/lib/insights";
import { ts } from "./schema-columns";
import { projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0120_insights.sql, 0160_insight_cache.sql and 0220_insight_refresh.sql.

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

/** Each project's computed insights (the cache; app/.server/insights/cache.ts), for the moment `computedFor`. */
export const projectInsights = pgTable(
  "project_insights",
  {
    projectId: uuid("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    computedFor: ts("computed_for").notNull(),
    readAt: ts("read_at").notNull(),
    insights: jsonb("insights").$type<Insight[]>().notNull(),
    /** When a page last read them (at most once a minute); viewed projects are kept warm (./insights/refresh.ts). */
    viewedAt: ts("viewed_at"),
    /** Until when an app process has claimed their recomputation in the background. */
    refreshingUntil: ts("refreshing_until"),
  },
  (t) => [index("project_insights_workspace_idx").on(t.workspaceId)],
);

/** A write to what a project's insights rest on, since they were last computed (written by triggers). */
export const insightChanges = pgTable(
  "insight_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: uuid("project_id").notNull(),
  },
  (t) => [index("insight_changes_project_idx").on(t.projectId, t.id)],
);
