import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { detachInDefinition, detachOps, instancesOf } from "~/lib/wireframes/components";
import { SCHEMA_VERSION, type ComponentDefinition } from "~/lib/wireframes/document";
import { liftTo, migrateComponentDefinition, MIGRATIONS } from "~/lib/wireframes/migrate";
import { componentDefinitionSchema, firstIssueMessage, firstIssuePath } from "~/lib/wireframes/schema";
import { db, rowsOf, schema, type Db } from "../db";
import { emit, envelope, mutate } from "../events";
import { notFound, UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRead, requireRole } from "../access";
import { cleanName } from "./rows";
import { applyPatchIn, currentDocument } from "./patches";

/**
 * The workspace's own main components. Instances in documents name them by id and draw
 * their definition; changing a definition bumps its version and tells every open editor
 * of the workspace; deleting one detaches its instances everywhere first.
 */
const { wireframeComponents, wireframes, users } = schema;

export type ComponentRecord = { id: string; name: string; definition: ComponentDefinition; version: number; updatedAt: Date };

export type ComponentEvent = { type: "component"; id: string; version: number; deleted?: boolean };

const COLUMNS = {
  id: wireframeComponents.id,
  name: wireframeComponents.name,
  definition: wireframeComponents.definition,
  version: wireframeComponents.version,
  updatedAt: wireframeComponents.updatedAt,
};

const componentNotFound = () => notFound("That component");

function parseDefinition(input: unknown): ComponentDefinition {
  // An editor loaded before the last schemaVersion bump sends its own version: lifted first.
  const version = (input as { schemaVersion?: unknown } | null)?.schemaVersion;
  const older = typeof version === "number" && Number.isInteger(version) && version >= 1 && version < SCHEMA_VERSION;
  const parsed = componentDefinitionSchema.safeParse(older ? liftTo(input, SCHEMA_VERSION, MIGRATIONS) : input);
  if (!parsed.success)
    throw new UserError(
      400,
      firstIssueMessage(parsed.error),
      firstIssuePath(parsed.error) ? `definition.${firstIssuePath(parsed.error)}` : "definition",
    );
  return parsed.data;
}

const lift = (row: { definition: ComponentDefinition }) => migrateComponentDefinition(row.definition);

export async function listComponents(member: MemberContext): Promise<ComponentRecord[]> {
  requireRead(member, "component");
  const rows = await db()
    .select(COLUMNS)
    .from(wireframeComponents)
    .where(eq(wireframeComponents.workspaceId, member.workspace.id))
    .orderBy(asc(sql`lower(${wireframeComponents.name})`), asc(wireframeComponents.id));
  return rows.map((r) => ({ ...r, definition: lift(r) }));
}

/** The components with these ids (those of the workspace; others are left out), by id. */
export async function getComponents(member: MemberContext, ids: string[]): Promise<Record<string, ComponentRecord>> {
  requireRead(member, "component");
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return {};
  const rows = await db()
    .select(COLUMNS)
    .from(wireframeComponents)
    .where(and(eq(wireframeComponents.workspaceId, member.workspace.id), inArray(wireframeComponents.id, wanted)));
  return Object.fromEntries(rows.map((r) => [r.id, { ...r, definition: lift(r) }]));
}

export async function createComponent(
  member: MemberContext,
  input: { name: string; definition: unknown },
): Promise<{ id: string; version: number }> {
  requireRole(member, "component", "change");
  const name = cleanName(input.name, "component");
  const definition = parseDefinition(input.definition);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "component", "change");
    const [inserted] = await tx
      .insert(wireframeComponents)
      .values({ workspaceId: member.workspace.id, name, definition, createdBy: member.user.id, updatedBy: member.user.id })
      .returning({ id: wireframeComponents.id, version: wireframeComponents.version });
    await emit(tx, {
      kind: "component.created",
      ...envelope(member),
      subject: { id: inserted!.id, name },
      change: { version: inserted!.version },
    });
    return inserted!;
  });
}

/**
 * A definition saved over a version someone else has since replaced (decisions 013 and 016:
 * never a silent overwrite): 409 `version_conflict`, carrying the component as it now is so
 * the editor can merge, or show the other's change and let its user choose.
 */
export class ComponentVersionConflict extends UserError {
  constructor(readonly current: ComponentRecord & { updatedBy: { id: string; name: string } | null }) {
    super(
      409,
      `${current.updatedBy?.name ?? "Someone"} changed the component “${current.name}” since you opened it (it is now at version ${current.version}). Nothing was saved.`,
      "baseVersion",
      undefined,
      "version_conflict",
    );
    this.name = "ComponentVersionConflict";
    this.extensions = { current };
  }
}

/**
 * Renames a main component or changes its definition (every instance follows); returns the
 * new version. A definition is saved only over the version it was edited from
 * (`baseVersion`): when the row has moved on, nothing is written and a
 * `ComponentVersionConflict` carries the current component. A rename alone needs no base
 * (the name is one value, replaced whole).
 */
export async function updateComponent(
  member: MemberContext,
  id: string,
  input: { name?: string; definition?: unknown; baseVersion?: number },
): Promise<{ version: number }> {
  requireRole(member, "component", "change");
  const name = input.name !== undefined ? cleanName(input.name, "component") : undefined;
  const definition = input.definition !== undefined ? parseDefinition(input.definition) : undefined;
  if (name === undefined && definition === undefined) throw new UserError(400, "Send a name or a definition to change.");
  if (definition !== undefined && input.baseVersion === undefined)
    throw new UserError(400, "Send the version the definition was edited from (baseVersion).", "baseVersion");
  if (!isUuid(id)) throw componentNotFound();
  return mutate(async (tx) => {
    await requireAccess(tx, member, "component", "change");
    const where = and(eq(wireframeComponents.id, id), eq(wireframeComponents.workspaceId, member.workspace.id));
    const [locked] = await tx.select(COLUMNS).from(wireframeComponents).where(where).for("update");
    if (!locked) throw componentNotFound();
    if (input.baseVersion !== undefined && locked.version !== input.baseVersion) {
      throw new ComponentVersionConflict({ ...locked, definition: lift(locked), updatedBy: await updaterOf(tx, id, member.workspace.id) });
    }
    const [updated] = await tx
      .update(wireframeComponents)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(definition !== undefined ? { definition } : {}),
        version: sql`${wireframeComponents.version} + 1`,
        updatedBy: member.user.id,
        updatedAt: new Date(),
      })
      .where(where)
      .returning({ version: wireframeComponents.version, name: wireframeComponents.name });
    await emit(tx, {
      kind: "component.updated",
      ...envelope(member),
      subject: { id, name: updated!.name },
      change: { version: updated!.version, renamed: name !== undefined, redrawn: definition !== undefined },
    });
    return { version: updated!.version };
  });
}

/** Who last changed the component (their name as the app shows it), if they are still a user. */
async function updaterOf(tx: Db, id: string, workspaceId: string): Promise<{ id: string; name: string } | null> {
  const [u] = await tx
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(wireframeComponents)
    .innerJoin(users, eq(users.id, wireframeComponents.updatedBy))
    .where(and(eq(wireframeComponents.id, id), eq(wireframeComponents.workspaceId, workspaceId)));
  return u ? { id: u.id, name: u.fullName.trim() || u.email.split("@")[0] || "Someone" } : null;
}

/**
 * Deletes a main component (admins and owners). First every instance in every wireframe of
 * the workspace is detached, one patch per wireframe so open editors see it, and instances
 * inside other components' definitions too; then the component goes.
 */
export async function deleteComponent(member: MemberContext, id: string): Promise<{ detached: number }> {
  // A first answer before the instances are looked for; each transaction that writes asks again.
  await requireAccess(db(), member, "component", "delete");
  if (!isUuid(id)) throw componentNotFound();
  const workspaceId = member.workspace.id;
  const [component] = await db()
    .select({ definition: wireframeComponents.definition })
    .from(wireframeComponents)
    .where(and(eq(wireframeComponents.id, id), eq(wireframeComponents.workspaceId, workspaceId)));
  if (!component) throw componentNotFound();
  const definition = lift(component);
  // The wireframes whose documents hold an instance of it.
  const users = rowsOf<{ id: string }>(
    await db().execute(sql`
      select w.id from wireframes w
      where w.workspace_id = ${workspaceId}
        and jsonb_path_exists(w.document, '$.elements.* ? (@.type == "instance" && @.componentId == $c)', jsonb_build_object('c', ${id}::text))`),
  );
  let detached = 0;
  for (const { id: wireframeId } of users) {
    await mutate(async (tx) => {
      await requireAccess(tx, member, "component", "delete");
      const [row] = await tx
        .select({ document: wireframes.document })
        .from(wireframes)
        .where(and(eq(wireframes.id, wireframeId), eq(wireframes.workspaceId, workspaceId)))
        .for("update");
      if (!row) return;
      const found = instancesOf(currentDocument(row.document).elements, id);
      if (found.length === 0) return;
      detached += found.length;
      await applyPatchIn(tx, member, wireframeId, { clientId: "server", ops: found.flatMap((inst) => detachOps(inst, definition)) });
    });
  }
  await mutate(async (tx) => {
    await requireAccess(tx, member, "component", "delete");
    const redrawn: { id: string; version: number }[] = [];
    const others = await tx
      .select({ id: wireframeComponents.id, definition: wireframeComponents.definition })
      .from(wireframeComponents)
      .where(eq(wireframeComponents.workspaceId, workspaceId))
      .for("update");
    for (const other of others) {
      if (other.id === id) continue;
      const next = detachInDefinition(lift(other), id, definition);
      if (!next) continue;
      const [updated] = await tx
        .update(wireframeComponents)
        .set({ definition: next, version: sql`${wireframeComponents.version} + 1`, updatedAt: new Date() })
        .where(and(eq(wireframeComponents.id, other.id), eq(wireframeComponents.workspaceId, workspaceId)))
        .returning({ version: wireframeComponents.version });
      redrawn.push({ id: other.id, version: updated!.version });
    }
    const [gone] = await tx
      .delete(wireframeComponents)
      .where(and(eq(wireframeComponents.id, id), eq(wireframeComponents.workspaceId, workspaceId)))
      .returning({ name: wireframeComponents.name });
    if (!gone) return;
    await emit(tx, {
      kind: "component.deleted",
      ...envelope(member),
      subject: { id, name: gone.name },
      change: { detached, redrawn },
    });
  });
  return { detached };
}
