import { bigserial, boolean, date, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { StateGroup } from "~/lib/board";
import { ts } from "./schema-columns";
import { projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0050_analytics.sql (cards.estimate_points is in schema-product.ts) and
// 0200_estimate_history.sql.

/** Append-only: a card's creation (from null), moves, state-group changes under it and deletion (to null). */
export const cardTransitions = pgTable("card_transitions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  cardId: uuid("card_id").notNull(),
  fromColumnId: uuid("from_column_id"),
  toColumnId: uuid("to_column_id"),
  fromStateGroup: text("from_state_group").$type<StateGroup>(),
  toStateGroup: text("to_state_group").$type<StateGroup>(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  at: ts("at").notNull().defaultNow(),
  backfilled: boolean("backfilled").notNull().default(false),
});

/** Append-only: each change of a card's estimate (points null: removed); a card's points at an instant are its last row's before it. */
export const cardEstimateChanges = pgTable("card_estimate_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  cardId: uuid("card_id").notNull(),
  points: numeric("points", { precision: 6, scale: 1, mode: "number" }),
  at: ts("at").notNull().defaultNow(),
  backfilled: boolean("backfilled").notNull().default(false),
});

export const projectDailySnapshots = pgTable(
  "project_daily_snapshots",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    columnId: uuid("column_id").notNull(),
    stateGroup: text("state_group").$type<StateGroup>().notNull(),
    cardCount: integer("card_count").notNull(),
    points: numeric("points", { precision: 10, scale: 1, mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.columnId] })],
);

export const jobRuns = pgTable(
  "job_runs",
  {
    name: text("name").notNull(),
    key: text("key").notNull(),
    startedAt: ts("started_at").notNull(),
    finishedAt: ts("finished_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] })],
);
