import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Screen } from "~/lib/wireframes/document";
import { themeNames } from "~/lib/design-tokens/resolve";
import { compareOrder } from "~/lib/wireframes/order";
import { requireRead } from "../access";
import { db, schema } from "../db";
import { findProject } from "../design/rows";
import { users } from "../db/schema-users";
import type { MemberContext } from "../workspaces";
import type { ApiTokenVersion, ApiWireframeSummary } from "./schemas-design";

/**
 * The API's keyset pages of the design resources: wireframes (oldest first, as projects) and
 * a design system's published versions (newest first). Each query is scoped by the member's
 * workspace and asks the gate first; a single wireframe or version is read through its
 * service (`getWireframe`, `getVersion`).
 */
const { wireframes, projects, designVersions } = schema;

/** A timestamp as microseconds since the epoch (a cursor of milliseconds would repeat or skip rows). */
const micros = (column: AnyPgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

type Page = { after: (string | number)[] | null; limit: number };

/** The workspace's wireframes (of one project), oldest first: their screens without the elements (a document may be large). */
export async function wireframesPage(member: MemberContext, opts: Page & { projectId?: string }) {
  requireRead(member, "wireframe");
  const at = micros(wireframes.createdAt);
  const after = opts.after
    ? sql`(${at}::bigint, ${wireframes.id}) > (${String(opts.after[0])}::bigint, ${String(opts.after[1])}::uuid)`
    : undefined;
  return db()
    .select({
      id: wireframes.id,
      projectId: wireframes.projectId,
      name: wireframes.name,
      seq: wireframes.seq,
      screens: sql<Record<string, Screen>>`${wireframes.document}->'screens'`,
      createdAt: wireframes.createdAt,
      updatedAt: wireframes.updatedAt,
      at,
    })
    .from(wireframes)
    .innerJoin(projects, and(eq(projects.id, wireframes.projectId), eq(projects.workspaceId, member.workspace.id)))
    .where(
      and(eq(wireframes.workspaceId, member.workspace.id), opts.projectId ? eq(wireframes.projectId, opts.projectId) : undefined, after),
    )
    .orderBy(asc(wireframes.createdAt), asc(wireframes.id))
    .limit(opts.limit + 1);
}

/** A wireframe as the list shows it: its screens in their order, without the elements. */
export function toApiWireframeSummary(w: {
  id: string;
  projectId: string;
  name: string;
  seq: number;
  screens: Record<string, Screen>;
  createdAt: Date;
  updatedAt: Date;
}): ApiWireframeSummary {
  return {
    object: "wireframe",
    id: w.id,
    projectId: w.projectId,
    name: w.name,
    version: Number(w.seq),
    screens: Object.values(w.screens ?? {})
      .sort(compareOrder)
      .map(({ id, name, device, width, height }) => ({ id, name, device, width, height })),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** A scope's published versions (the workspace's base system, or a project's), newest first; or the one `versionId`. */
export async function tokenVersionsPage(member: MemberContext, opts: Page & { projectId: string | null; versionId?: string }) {
  requireRead(member, "token_set");
  const project = await findProject(db(), member, opts.projectId);
  const at = micros(designVersions.createdAt);
  const before = opts.after
    ? sql`(${at}::bigint, ${designVersions.id}) < (${String(opts.after[0])}::bigint, ${String(opts.after[1])}::uuid)`
    : undefined;
  return db()
    .select({
      id: designVersions.id,
      projectId: designVersions.projectId,
      version: designVersions.version,
      note: designVersions.note,
      // The theme names alone: a version's document holds every token.
      themes: sql<
        { name: string }[]
      >`coalesce((select jsonb_agg(jsonb_build_object('name', t->>'name')) from jsonb_array_elements(${designVersions.document}->'themes') t), '[]'::jsonb)`,
      createdAt: designVersions.createdAt,
      createdByName: users.fullName,
      at,
    })
    .from(designVersions)
    .leftJoin(users, eq(users.id, designVersions.createdBy))
    .where(
      and(
        eq(designVersions.workspaceId, member.workspace.id),
        project ? eq(designVersions.projectId, project.id) : isNull(designVersions.projectId),
        opts.versionId ? eq(designVersions.id, opts.versionId) : undefined,
        before,
      ),
    )
    .orderBy(desc(designVersions.createdAt), desc(designVersions.id))
    .limit(opts.limit + 1);
}

export function toApiTokenVersion(v: {
  id: string;
  projectId: string | null;
  version: string;
  note: string;
  themes: { name: string }[];
  createdAt: Date;
  createdByName: string | null;
}): ApiTokenVersion {
  return {
    object: "token_version",
    id: v.id,
    projectId: v.projectId,
    version: v.version,
    note: v.note,
    themes: themeNames({ sets: [], themes: v.themes.map((t) => ({ name: t.name, sets: [] })) }),
    publishedBy: v.createdByName?.trim() || null,
    publishedAt: v.createdAt.toISOString(),
  };
}
