import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { WireframeDocument } from "~/lib/wireframes/document";
import { db, schema, type Db } from "../db";
import { emit, envelope, mutate } from "../events";
import { notFound, UserError } from "../errors";
import { requireAccess, requireRead, requireRole } from "../access";
import { findWireframeRow } from "../wireframes/rows";
import type { MemberContext } from "../workspaces";
import { currentDocument } from "../wireframes/patches";
import type { SharedPrototype } from "./share";

/**
 * Feedback pins (issue 15): a spot on a screen (x, y in the screen's px) with a thread of
 * comments. Members who can see a wireframe comment and reply; members who can edit it
 * resolve and reopen. A share link that allows feedback lets its viewers comment too, with
 * a name they type (marked as a guest); they never see anyone else's comments.
 */
const { prototypePins: pins, prototypeComments: comments, users, wireframes } = schema;

export type FeedbackComment = { id: string; body: string; authorName: string; guest: boolean; createdAt: Date };
export type FeedbackPin = {
  id: string;
  screenId: string;
  x: number;
  y: number;
  resolved: boolean;
  createdAt: Date;
  comments: FeedbackComment[];
};

export const COMMENT_MAX = 5000;
export const GUEST_NAME_MAX = 80;

function cleanBody(body: string): string {
  const clean = body.trim();
  if (!clean) throw new UserError(400, "Write a comment first.", "body");
  if (clean.length > COMMENT_MAX)
    throw new UserError(400, `Keep a comment to ${COMMENT_MAX.toLocaleString("en")} characters or fewer.`, "body");
  return clean;
}

function spotOn(doc: WireframeDocument, screenId: string, x: number, y: number): { x: number; y: number } {
  const screen = doc.screens[screenId];
  if (!screen) throw new UserError(404, "That screen is not in this prototype any more.", "screenId");
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new UserError(400, "Choose a spot on the screen.", "x");
  return { x: Math.min(Math.max(0, Math.round(x)), screen.width), y: Math.min(Math.max(0, Math.round(y)), screen.height) };
}

/** The wireframe's pins (one screen's, or all), oldest first, each with its thread. */
export async function listPins(member: MemberContext, wireframeId: string, options: { screenId?: string } = {}): Promise<FeedbackPin[]> {
  requireRead(member, "prototype");
  const row = await findWireframeRow(db(), member, wireframeId);
  return readPins(member.workspace.id, row.id, options.screenId);
}

async function readPins(workspaceId: string, wireframeId: string, screenId?: string): Promise<FeedbackPin[]> {
  const pinRows = await db()
    .select({ id: pins.id, screenId: pins.screenId, x: pins.x, y: pins.y, resolvedAt: pins.resolvedAt, createdAt: pins.createdAt })
    .from(pins)
    .where(
      and(
        eq(pins.workspaceId, workspaceId),
        eq(pins.wireframeId, wireframeId),
        screenId !== undefined ? eq(pins.screenId, screenId) : undefined,
      ),
    )
    .orderBy(asc(pins.createdAt), asc(pins.id));
  if (pinRows.length === 0) return [];
  const commentRows = await db()
    .select({
      id: comments.id,
      pinId: comments.pinId,
      body: comments.body,
      guestName: comments.guestName,
      authorName: users.fullName,
      authorEmail: users.email,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.workspaceId, workspaceId),
        inArray(
          comments.pinId,
          pinRows.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const byPin = new Map<string, FeedbackComment[]>();
  for (const c of commentRows) {
    const guest = c.guestName !== null;
    const authorName = guest ? c.guestName! : c.authorName?.trim() || c.authorEmail?.split("@")[0] || "Former member";
    const list = byPin.get(c.pinId) ?? [];
    list.push({ id: c.id, body: c.body, authorName, guest, createdAt: c.createdAt });
    byPin.set(c.pinId, list);
  }
  return pinRows.map((p) => ({
    id: p.id,
    screenId: p.screenId,
    x: p.x,
    y: p.y,
    resolved: p.resolvedAt !== null,
    createdAt: p.createdAt,
    comments: byPin.get(p.id) ?? [],
  }));
}

/** Drops a pin with its first comment. Anyone who can see the wireframe gives feedback (viewers too). */
export async function createPin(
  member: MemberContext,
  wireframeId: string,
  input: { screenId: string; x: number; y: number; body: string },
): Promise<{ id: string }> {
  requireRole(member, "prototype", "comment");
  const body = cleanBody(input.body);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "prototype", "comment");
    const row = await findWireframeRow(tx, member, wireframeId);
    const spot = spotOn(currentDocument(row.document), input.screenId, input.x, input.y);
    const [pin] = await tx
      .insert(pins)
      .values({ workspaceId: member.workspace.id, wireframeId: row.id, screenId: input.screenId, ...spot })
      .returning({ id: pins.id });
    const [comment] = await tx
      .insert(comments)
      .values({ workspaceId: member.workspace.id, pinId: pin!.id, authorId: member.user.id, body })
      .returning({ id: comments.id });
    await emit(tx, {
      kind: "feedback.pin_created",
      ...envelope(member, row.projectId),
      subject: { id: pin!.id, wireframeId: row.id, screenId: input.screenId },
      change: { commentId: comment!.id, text: body, ...spot, guest: null },
    });
    return { id: pin!.id };
  });
}

async function findPin(member: MemberContext, wireframeId: string, pinId: string, tx: Db = db()) {
  if (!isUuid(pinId) || !isUuid(wireframeId)) throw notFound("That comment");
  const [pin] = await tx
    .select({ id: pins.id, wireframeId: pins.wireframeId, screenId: pins.screenId, projectId: wireframes.projectId })
    .from(pins)
    .innerJoin(wireframes, and(eq(wireframes.id, pins.wireframeId), eq(wireframes.workspaceId, pins.workspaceId)))
    .where(and(eq(pins.id, pinId), eq(pins.wireframeId, wireframeId), eq(pins.workspaceId, member.workspace.id)));
  if (!pin) throw notFound("That comment");
  return pin;
}

/** A reply in a pin's thread. */
export async function replyToPin(member: MemberContext, wireframeId: string, pinId: string, body: string): Promise<void> {
  // Anyone who can see the wireframe gives feedback (viewers too); a read-only workspace takes none.
  requireRole(member, "prototype", "comment");
  const clean = cleanBody(body);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "prototype", "comment");
    const pin = await findPin(member, wireframeId, pinId, tx);
    const [comment] = await tx
      .insert(comments)
      .values({ workspaceId: member.workspace.id, pinId: pin.id, authorId: member.user.id, body: clean })
      .returning({ id: comments.id });
    await emit(tx, {
      kind: "feedback.replied",
      ...envelope(member, pin.projectId),
      subject: pinRef(pin),
      change: { commentId: comment!.id, text: clean },
    });
  });
}

/** Resolves or reopens a pin (members who can edit the wireframe). */
export async function setPinResolved(member: MemberContext, wireframeId: string, pinId: string, resolved: boolean): Promise<void> {
  requireRole(member, "prototype", "change");
  await mutate(async (tx) => {
    await requireAccess(tx, member, "prototype", "change");
    const pin = await findPin(member, wireframeId, pinId, tx);
    await tx
      .update(pins)
      .set(
        resolved
          ? { resolvedAt: sql`coalesce(${pins.resolvedAt}, now())`, resolvedBy: member.user.id }
          : { resolvedAt: null, resolvedBy: null },
      )
      .where(and(eq(pins.id, pin.id), eq(pins.workspaceId, member.workspace.id)));
    await emit(tx, {
      kind: resolved ? "feedback.resolved" : "feedback.reopened",
      ...envelope(member, pin.projectId),
      subject: pinRef(pin),
      change: {},
    });
  });
}

const pinRef = (pin: { id: string; wireframeId: string; screenId: string }) => ({
  id: pin.id,
  wireframeId: pin.wireframeId,
  screenId: pin.screenId,
});

/** A link viewer's feedback: allowed when the link says so; the name they type is kept and marked as a guest's. */
export async function createGuestPin(
  shared: SharedPrototype,
  input: { name: string; screenId: string; x: number; y: number; body: string },
): Promise<{ id: string }> {
  if (!shared.allowFeedback) throw new UserError(403, "This link does not take feedback.");
  const name = input.name.replace(/\s+/g, " ").trim();
  if (!name) throw new UserError(400, "Tell us your name.", "name");
  if (name.length > GUEST_NAME_MAX) throw new UserError(400, `Keep your name to ${GUEST_NAME_MAX} characters or fewer.`, "name");
  const body = cleanBody(input.body);
  const spot = spotOn(shared.document, input.screenId, input.x, input.y);
  return mutate(async (tx) => {
    const [pin] = await tx
      .insert(pins)
      .values({ workspaceId: shared.workspaceId, wireframeId: shared.wireframeId, screenId: input.screenId, ...spot })
      .returning({ id: pins.id });
    const [comment] = await tx
      .insert(comments)
      .values({ workspaceId: shared.workspaceId, pinId: pin!.id, guestName: name, shareLinkId: shared.linkId, body })
      .returning({ id: comments.id });
    // A link viewer is no member: the event has no actor, and names the guest as they typed it.
    await emit(tx, {
      kind: "feedback.pin_created",
      workspaceId: shared.workspaceId,
      projectId: shared.projectId,
      actor: null,
      subject: { id: pin!.id, wireframeId: shared.wireframeId, screenId: input.screenId },
      change: { commentId: comment!.id, text: body, ...spot, guest: name },
    });
    return { id: pin!.id };
  });
}
