import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { SCHEMA_VERSION, type Op, type WireframeDocument } from "~/lib/wireframes/document";
import { migrateDocument } from "~/lib/wireframes/migrate";
import { applyOpsSkipping } from "~/lib/wireframes/ops";
import { LIMITS } from "~/lib/wireframes/schema";
import { db, schema, type Db } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import { componentsTopic, publish, wireframeTopic } from "../realtime";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRead, requireRole } from "../access";
import { findWireframeRow } from "./rows";

/**
 * Co-editing (decision 013): the server applies each patch to the stored document under
 * the wireframe's row lock, gives it the next `seq`, appends it to the op log and tells
 * every process (LISTEN/NOTIFY); their event streams send it to the editors. Ops naming
 * what an earlier patch removed are skipped; the log keeps the ops that were applied.
 */
const { wireframes, wireframeOps, cardWireframeLinks } = schema;

export { componentsTopic, wireframeTopic };

/** The op log keeps this many patches per wireframe; a client further behind reloads. */
export const OP_LOG_KEEP = 5_000;
/** A stored document's JSON stays under this (a 1,000-element screen is about 300 KB). */
const MAX_DOCUMENT_CHARS = 8 * 1024 * 1024;

export type PatchRecord = { seq: number; clientId: string; userId: string | null; ops: Op[]; patchId?: string | null };
/**
 * A patch as the server takes it, already parsed by `patchSchema` (app/lib/wireframes/schema.ts)
 * at the route: `patchId` is the client's name for it (retries send it again).
 */
export type PatchBody = { clientId: string; patchId?: string; ops: Op[] };

/** What every process hears on a wireframe's topic. */
export type WireframeEvent =
  | { type: "patch"; seq: number; clientId: string; userId: string | null; patchId?: string | null; ops?: Op[] }
  | { type: "presence"; clientId: string; userId: string; name: string; color: string; screenId: string | null; selection: string[] }
  | { type: "leave"; clientId: string }
  | { type: "deleted" };

export function publishWireframe(wireframeId: string, event: WireframeEvent): Promise<void> {
  return publish(wireframeTopic(wireframeId), event);
}

/** The stored document, lifted to the current schemaVersion if it was saved by an older app. */
export function currentDocument(stored: WireframeDocument): WireframeDocument {
  return stored.schemaVersion === SCHEMA_VERSION ? stored : migrateDocument(stored);
}

/**
 * Applies a validated patch inside the caller's transaction (which has checked the role and
 * the workspace): locks the row, applies, numbers, logs, and emits `wireframe.patched` (the
 * caller's transaction is a `mutate`: the editors hear of it once it commits). A patch
 * whose `patchId` the log already holds is a replay (a retry whose first answer was lost):
 * its first seq comes back (`replayed`) and nothing changes, so a retry never puts back
 * what was removed since.
 */
export async function applyPatchIn(
  tx: Db,
  member: MemberContext,
  wireframeId: string,
  patch: PatchBody,
): Promise<PatchRecord & { skipped: number; replayed?: true }> {
  const row = await findWireframeRow(tx, member, wireframeId, { lock: true });
  if (patch.patchId) {
    // Under the row lock: a retry racing its own first attempt waits for it and finds it here.
    const [seen] = await tx
      .select({ seq: wireframeOps.seq })
      .from(wireframeOps)
      .where(and(eq(wireframeOps.wireframeId, row.id), eq(wireframeOps.patchId, patch.patchId)));
    if (seen) return { seq: seen.seq, clientId: patch.clientId, userId: member.user.id, ops: [], skipped: 0, replayed: true };
  }
  const before = currentDocument(row.document);
  const { doc, applied, skipped } = applyOpsSkipping(before, patch.ops);
  if (Object.keys(doc.elements).length > LIMITS.elementsPerDocument) {
    throw new UserError(413, `A wireframe holds at most ${LIMITS.elementsPerDocument.toLocaleString("en")} elements. Nothing was saved.`);
  }
  if (Object.keys(doc.screens).length > LIMITS.screensPerDocument) {
    throw new UserError(413, `A wireframe holds at most ${LIMITS.screensPerDocument} screens. Nothing was saved.`);
  }
  if (JSON.stringify(doc).length > MAX_DOCUMENT_CHARS) {
    throw new UserError(
      413,
      "This wireframe has grown too large to save more (about 8 MB). Split it into several wireframes. Nothing was saved.",
    );
  }
  const seq = row.seq + 1;
  await tx
    .update(wireframes)
    .set({ document: doc, seq, updatedBy: member.user.id, updatedAt: new Date() })
    .where(and(eq(wireframes.id, row.id), eq(wireframes.workspaceId, member.workspace.id)));
  const patchId = patch.patchId ?? null;
  await tx
    .insert(wireframeOps)
    .values({ wireframeId: row.id, seq, clientId: patch.clientId, userId: member.user.id, ops: applied, patchId });
  await hideOrShowScreenLinks(tx, member.workspace.id, row.id, applied, doc);
  if (seq % 100 === 0) {
    await tx.delete(wireframeOps).where(and(eq(wireframeOps.wireframeId, row.id), lte(wireframeOps.seq, seq - OP_LOG_KEEP)));
  }
  await emit(tx, {
    kind: "wireframe.patched",
    ...envelope(member, row.projectId),
    subject: { id: row.id, name: row.name },
    change: { seq, clientId: patch.clientId, patchId, ops: applied },
  });
  return { seq, clientId: patch.clientId, userId: member.user.id, ops: applied, skipped, patchId };
}

/**
 * Cards' links to a screen that is removed are hidden, not deleted (the cards stay): the
 * screen coming back with its id (an undo of the removal) shows them again. The daily sweep
 * (`sweepWireframeLeftovers`) deletes links hidden for long.
 */
async function hideOrShowScreenLinks(tx: Db, workspaceId: string, wireframeId: string, applied: Op[], doc: WireframeDocument) {
  const gone = new Set<string>();
  const back = new Set<string>();
  for (const op of applied) {
    if (op.op === "remove-screen" && !doc.screens[op.id]) gone.add(op.id);
    if (op.op === "add-screen" && doc.screens[op.screen.id]) back.add(op.screen.id);
  }
  for (const id of gone) if (back.has(id)) gone.delete(id);
  const where = (ids: Set<string>) =>
    and(
      eq(cardWireframeLinks.wireframeId, wireframeId),
      eq(cardWireframeLinks.workspaceId, workspaceId),
      inArray(cardWireframeLinks.screenId, [...ids]),
    );
  if (gone.size > 0)
    await tx
      .update(cardWireframeLinks)
      .set({ screenRemovedAt: new Date() })
      .where(and(where(gone), isNull(cardWireframeLinks.screenRemovedAt)));
  if (back.size > 0) await tx.update(cardWireframeLinks).set({ screenRemovedAt: null }).where(where(back));
}

/**
 * One patch from an editor (or the API), parsed at the route by the one schema: applied in
 * the server's order, numbered, logged, published. Returns its seq and how many of its ops
 * named something already gone; a replayed `patchId` returns the first seq with
 * `replayed: true`, and nothing is written or published.
 */
export async function applyPatch(
  member: MemberContext,
  wireframeId: string,
  patch: PatchBody,
): Promise<{ seq: number; skipped: number; replayed?: true }> {
  requireRole(member, "wireframe", "change");
  const record = await mutate(async (tx) => {
    await requireAccess(tx, member, "wireframe", "change");
    return applyPatchIn(tx, member, wireframeId, patch);
  });
  if (record.replayed) return { seq: record.seq, skipped: 0, replayed: true };
  return { seq: record.seq, skipped: record.skipped };
}

/**
 * The patches after `since`, oldest first, for a client that reconnects. Null when the log no
 * longer reaches back that far (the client reloads the wireframe instead).
 */
export async function opsSince(
  member: MemberContext,
  wireframeId: string,
  since: number,
): Promise<{ seq: number; patches: PatchRecord[] } | null> {
  requireRead(member, "wireframe");
  const row = await findWireframeRow(db(), member, wireframeId);
  return readLog(db(), row.id, since, row.seq);
}

/** The log from `since` (exclusive) to `upTo` (inclusive); null when entries in that range were pruned. */
export async function readLog(
  d: Db,
  wireframeId: string,
  since: number,
  upTo: number,
): Promise<{ seq: number; patches: PatchRecord[] } | null> {
  if (since >= upTo) return { seq: upTo, patches: [] };
  if (since < 0) return null;
  const rows = await d
    .select({
      seq: wireframeOps.seq,
      clientId: wireframeOps.clientId,
      userId: wireframeOps.userId,
      ops: wireframeOps.ops,
      patchId: wireframeOps.patchId,
    })
    .from(wireframeOps)
    .where(and(eq(wireframeOps.wireframeId, wireframeId), gt(wireframeOps.seq, since), lte(wireframeOps.seq, upTo)))
    .orderBy(asc(wireframeOps.seq));
  if (rows.length !== upTo - since) return null;
  return { seq: upTo, patches: rows };
}

/** The wireframe's current seq (the events stream starts from it when a client gives none). */
export async function currentSeq(d: Db, wireframeId: string): Promise<number> {
  const [row] = await d.select({ seq: wireframes.seq }).from(wireframes).where(eq(wireframes.id, wireframeId));
  return row?.seq ?? 0;
}
