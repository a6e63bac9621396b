import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { Theme } from "~/lib/theme";
import { ts } from "./schema-columns";

// Mirrors the SQL in ./migrations (see schema.ts). The users table is referenced by every
// other schema file, so it lives apart: they import it from here, not from schema.ts.

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull().default(""),
  passwordHash: text("password_hash"),
  emailVerifiedAt: ts("email_verified_at"),
  avatarUrl: text("avatar_url"),
  role: text("role"),
  /** The workspace the signed-in screens show (FK to workspaces in the migration). */
  currentWorkspaceId: uuid("current_workspace_id"),
  /** "system" | "light" | "dark" (app/lib/theme.ts), checked by the migration. */
  theme: text("theme").$type<Theme>().notNull().default("system"),
  /** IANA time zone ("Europe/Berlin"); null until chosen or detected (dates then show in UTC). */
  timeZone: text("time_zone"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
