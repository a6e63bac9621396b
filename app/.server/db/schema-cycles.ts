import { bigserial, date, jsonb, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { CycleReport } from "~/lib/cycles";
import { ts } from "./schema-columns";
import { cards, projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0110_cycles_dependencies.sql.

/** "blocker blocks blocked", both cards of one project; no self-blocks, no cycles (the service refuses them). */
export const cardDependencies = pgTable(
  "card_dependencies",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    blockerCardId: uuid("blocker_card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    blockedCardId: uuid("blocked_card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerCardId, t.blockedCardId] })],
);

/** A project's time-boxed cycle; `report` is frozen when it closes. */
export const cycles = pgTable("cycles", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  startsOn: date("starts_on", { mode: "string" }).notNull(),
  endsOn: date("ends_on", { mode: "string" }).notNull(),
  closedAt: ts("closed_at"),
  report: jsonb("report").$type<CycleReport>(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Membership history: one row per stay of a card in a cycle; at most one open (removedAt null) per card. */
export const cycleCards = pgTable("cycle_cards", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  cycleId: uuid("cycle_id")
    .notNull()
    .references(() => cycles.id, { onDelete: "cascade" }),
  cardId: uuid("card_id")
    .notNull()
    .references(() => cards.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  projectId: uuid("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  addedAt: ts("added_at").notNull().defaultNow(),
  removedAt: ts("removed_at"),
  pointsAtAdd: numeric("points_at_add", { precision: 6, scale: 1, mode: "number" }),
});
