import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { DEVICE_SIZES, type DevicePreset, type Op, type Screen, type WireframeDocument } from "~/lib/wireframes/document";
import { newDocument } from "~/lib/wireframes/elements";
import { lastScreenKey } from "~/lib/wireframes/order";
import { isTemplateId, templateDocument, templateScreen } from "~/lib/wireframes/templates";
import { db, schema } from "../db";
import { emit, envelope, mutate } from "../events";
import { escapeLike } from "../db/like";
import { notFound, UserError } from "../errors";
import { discardFiles } from "../files/attachments";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRead, requireRole } from "../access";
import { cleanName, findWireframeRow } from "./rows";
import { handOverImages } from "./images";
import { applyPatchIn, currentDocument } from "./patches";

/**
 * Wireframes: list, create (blank or from a template), read, rename, duplicate, delete, and
 * add a template's screen. Each takes the member and checks the role and (for a change) the
 * workspace's read-only state itself; the workspace's id is in every where.
 */
const { wireframes, projects, users } = schema;

export type WireframeSummary = {
  id: string;
  name: string;
  projectId: string;
  projectName: string;
  updatedAt: Date;
  updatedByName: string | null;
  screenCount: number;
  /** The whole document (the list draws its first screen as the thumbnail). */
  document: WireframeDocument;
};

/** The workspace's wireframes (of one project, or matching a search), newest first. */
export async function listWireframes(member: MemberContext, opts: { projectId?: string; q?: string } = {}): Promise<WireframeSummary[]> {
  requireRead(member, "wireframe");
  if (opts.projectId !== undefined && !isUuid(opts.projectId)) return [];
  const q = opts.q?.trim();
  const where: (SQL | undefined)[] = [
    eq(wireframes.workspaceId, member.workspace.id),
    opts.projectId ? eq(wireframes.projectId, opts.projectId) : undefined,
    q ? ilike(wireframes.name, `%${escapeLike(q)}%`) : undefined,
  ];
  const rows = await db()
    .select({
      id: wireframes.id,
      name: wireframes.name,
      projectId: wireframes.projectId,
      projectName: projects.name,
      updatedAt: wireframes.updatedAt,
      updatedByName: users.fullName,
      updatedByEmail: users.email,
      document: wireframes.document,
    })
    .from(wireframes)
    .innerJoin(projects, and(eq(projects.id, wireframes.projectId), eq(projects.workspaceId, member.workspace.id)))
    .leftJoin(users, eq(users.id, wireframes.updatedBy))
    .where(and(...where))
    .orderBy(desc(wireframes.updatedAt), desc(wireframes.id));
  return rows.map(({ updatedByName, updatedByEmail, document, ...w }) => {
    const doc = currentDocument(document);
    return {
      ...w,
      updatedByName: updatedByName?.trim() || updatedByEmail || null,
      screenCount: Object.keys(doc.screens).length,
      document: doc,
    };
  });
}

export type NewWireframe = { projectId: string; name: string; device: DevicePreset; width?: number; height?: number; templateId?: string };

function documentFor(input: NewWireframe): WireframeDocument {
  if (input.templateId !== undefined && input.templateId !== "" && input.templateId !== "blank") {
    if (!isTemplateId(input.templateId)) throw new UserError(400, "Choose one of the templates, or a blank wireframe.", "templateId");
    return templateDocument(input.templateId);
  }
  if (!(input.device in DEVICE_SIZES) && input.device !== "custom") throw new UserError(400, "Choose a device.", "device");
  if (input.device === "custom") {
    for (const key of ["width", "height"] as const) {
      const v = input[key];
      if (v === undefined || !Number.isInteger(v) || v < 1 || v > 10_000)
        throw new UserError(400, "A custom size is 1 to 10,000 px wide and high.", key);
    }
  }
  return newDocument(input.device, { width: input.width, height: input.height });
}

/** A new wireframe in one of the workspace's projects: one blank screen of the device, or a template's screen. */
export async function createWireframe(member: MemberContext, input: NewWireframe): Promise<{ id: string }> {
  requireRole(member, "wireframe", "change");
  const name = cleanName(input.name);
  const document = documentFor(input);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "wireframe", "change");
    const project = isUuid(input.projectId)
      ? (
          await tx
            .select({ id: projects.id })
            .from(projects)
            .where(and(eq(projects.id, input.projectId), eq(projects.workspaceId, member.workspace.id)))
        )[0]
      : undefined;
    if (!project)
      throw new UserError(404, "That project was not found. It may have been deleted, or it belongs to another workspace.", "projectId");
    const [row] = await tx
      .insert(wireframes)
      .values({
        workspaceId: member.workspace.id,
        projectId: project.id,
        name,
        document,
        createdBy: member.user.id,
        updatedBy: member.user.id,
      })
      .returning({ id: wireframes.id });
    const template = input.templateId && input.templateId !== "blank" ? input.templateId : null;
    await emit(tx, {
      kind: "wireframe.created",
      ...envelope(member, project.id),
      subject: { id: row!.id, name },
      change: { source: template ? "template" : "blank", template, copyOf: null, screenCount: Object.keys(document.screens).length },
    });
    return { id: row!.id };
  });
}

export type WireframeView = {
  id: string;
  name: string;
  projectId: string;
  projectName: string;
  seq: number;
  document: WireframeDocument;
  createdAt: Date;
  updatedAt: Date;
};

/** One wireframe of the workspace; a 404 for another workspace's id, a missing one or one that is not a UUID. */
export async function getWireframe(member: MemberContext, id: string): Promise<WireframeView> {
  requireRead(member, "wireframe");
  if (!isUuid(id)) throw notFound("That wireframe");
  const [row] = await db()
    .select({
      id: wireframes.id,
      name: wireframes.name,
      projectId: wireframes.projectId,
      projectName: projects.name,
      seq: wireframes.seq,
      document: wireframes.document,
      createdAt: wireframes.createdAt,
      updatedAt: wireframes.updatedAt,
    })
    .from(wireframes)
    .innerJoin(projects, eq(projects.id, wireframes.projectId))
    .where(and(eq(wireframes.id, id), eq(wireframes.workspaceId, member.workspace.id)));
  if (!row) throw notFound("That wireframe");
  return { ...row, document: currentDocument(row.document) };
}

export async function renameWireframe(member: MemberContext, id: string, name: string): Promise<void> {
  requireRole(member, "wireframe", "change");
  const clean = cleanName(name);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "wireframe", "change");
    const row = await findWireframeRow(tx, member, id, { lock: true });
    await tx
      .update(wireframes)
      .set({ name: clean, updatedBy: member.user.id, updatedAt: new Date() })
      .where(and(eq(wireframes.id, row.id), eq(wireframes.workspaceId, member.workspace.id)));
    await emit(tx, {
      kind: "wireframe.renamed",
      ...envelope(member, row.projectId),
      subject: { id: row.id, name: clean },
      change: { from: row.name, to: clean },
    });
  });
}

/** A copy in the same project, named "<name> (copy)"; its images are the same files (they stay while any wireframe uses them). */
export async function duplicateWireframe(member: MemberContext, id: string): Promise<{ id: string }> {
  requireRole(member, "wireframe", "change");
  return mutate(async (tx) => {
    await requireAccess(tx, member, "wireframe", "change");
    const row = await findWireframeRow(tx, member, id);
    const name = Array.from(`${row.name} (copy)`).slice(0, 120).join("");
    const document = currentDocument(row.document);
    const [copy] = await tx
      .insert(wireframes)
      .values({
        workspaceId: member.workspace.id,
        projectId: row.projectId,
        name,
        document,
        createdBy: member.user.id,
        updatedBy: member.user.id,
      })
      .returning({ id: wireframes.id });
    await emit(tx, {
      kind: "wireframe.created",
      ...envelope(member, row.projectId),
      subject: { id: copy!.id, name },
      change: { source: "copy", template: null, copyOf: { id: row.id, name: row.name }, screenCount: Object.keys(document.screens).length },
    });
    return { id: copy!.id };
  });
}

/**
 * Deletes a wireframe (admins and owners): its op log and card links go with it, never the
 * cards; its images go too unless another wireframe of the workspace still shows them.
 */
export async function deleteWireframe(member: MemberContext, id: string): Promise<void> {
  requireRole(member, "wireframe", "delete");
  const keys = await mutate(async (tx) => {
    await requireAccess(tx, member, "wireframe", "delete");
    const row = await findWireframeRow(tx, member, id, { lock: true });
    const keys = await handOverImages(tx, member.workspace.id, row.id);
    await tx.delete(wireframes).where(and(eq(wireframes.id, row.id), eq(wireframes.workspaceId, member.workspace.id)));
    await emit(tx, {
      kind: "wireframe.deleted",
      ...envelope(member, row.projectId),
      subject: { id: row.id, name: row.name },
      change: {},
    });
    return keys;
  });
  await discardFiles(keys);
}

/** Adds a template's screen after the wireframe's last one, as a patch (open editors see it). */
export async function addTemplateScreen(
  member: MemberContext,
  wireframeId: string,
  templateId: string,
): Promise<{ screenId: string; seq: number }> {
  requireRole(member, "wireframe", "change");
  if (!isTemplateId(templateId)) throw new UserError(400, "Choose one of the templates.", "templateId");
  const { record, screenId } = await mutate(async (tx) => {
    await requireAccess(tx, member, "wireframe", "change");
    const row = await findWireframeRow(tx, member, wireframeId);
    const doc = currentDocument(row.document);
    const { screen, elements } = templateScreen(templateId, lastScreenKey(doc));
    const ops: Op[] = [
      { op: "add-screen", screen: uniqueScreenName(doc, screen) },
      ...elements.map((element) => ({ op: "add-element", element }) as Op),
    ];
    return { record: await applyPatchIn(tx, member, row.id, { clientId: "server", ops }), screenId: screen.id };
  });
  return { screenId, seq: record.seq };
}

/** "Dashboard", then "Dashboard 2", "Dashboard 3"… among the wireframe's screens. */
function uniqueScreenName(doc: WireframeDocument, screen: Screen): Screen {
  const taken = new Set(Object.values(doc.screens).map((s) => s.name));
  if (!taken.has(screen.name)) return screen;
  let n = 2;
  while (taken.has(`${screen.name} ${n}`)) n++;
  return { ...screen, name: `${screen.name} ${n}` };
}
