import { boolean, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { EmailChoice, NotificationKind } from "~/lib/notifications";
import { ts } from "./schema-columns";
import { cards, projects, workspaces } from "./schema-product";
import { users } from "./schema-users";

// Mirrors migrations/0080_notifications.sql.

export const notifications = pgTable("notifications", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  kind: text("kind").$type<NotificationKind>().notNull(),
  actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
  projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
  cardId: uuid("card_id").references(() => cards.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  excerpt: text("excerpt"),
  url: text("url").notNull(),
  dedupeKey: text("dedupe_key"),
  readAt: ts("read_at"),
  emailedAt: ts("emailed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const cardWatchers = pgTable(
  "card_watchers",
  {
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    watching: boolean("watching").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] })],
);

export const notificationEmailSettings = pgTable(
  "notification_email_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    email: text("email").$type<EmailChoice>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
