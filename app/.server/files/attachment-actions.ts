import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { MAX_ATTACHMENT_BYTES, tooLargeMessage } from "~/lib/file-size";
import { isUuid } from "~/lib/ids";
import { db, schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import { emit, envelope, mutate, type EventDraft } from "../events";
import { requireAccess, requireRole } from "../access";
import { scopeOf } from "../projects/scope";
import { lockCard } from "../projects/board-rows";
import type { MemberContext } from "../workspaces";
import { assertCanStore, lockWorkspaceStorage } from "../workspaces/limits";
import { discardFiles } from "./attachments";
import { fileStore } from "./store";

const { cardAttachments, cards } = schema;

/** The name as the user's system had it, without any path, control characters or excess length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .replace(/\p{Cc}/gu, "")
    .trim();
  return Array.from(clean).slice(0, 200).join("");
}

/** The browser's word for the type, when it is a well-formed one; it is only a label (downloads decide what is safe). */
export function cleanContentType(type: string): string {
  const t = type.split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(t) && t.length <= 100 ? t : "application/octet-stream";
}

/** The card changed: its updated time, and the event naming the file. */
async function recordFileChange(tx: Db, event: Extract<EventDraft, { kind: "attachment.added" | "attachment.removed" }>) {
  await tx
    .update(cards)
    .set({ updatedAt: new Date() })
    .where(and(eq(cards.id, event.subject.id), eq(cards.projectId, event.projectId!), eq(cards.workspaceId, event.workspaceId)));
  await emit(tx, event);
}

/**
 * Attaches a file to a card. The bytes go to the store first (a hosted store cannot
 * join the transaction); then one transaction takes the workspace's storage lock,
 * checks the plan's room, and writes the metadata and the activity row. If that
 * refuses or fails, the stored bytes are removed again.
 */
export async function uploadAttachment(member: MemberContext, projectId: string, cardId: string, file: Blob & { name: string }) {
  // Refuse a role that may not attach before any bytes are stored; the gate's check that counts is in the transaction.
  requireRole(member, "attachment", "change");
  const ctx = scopeOf(member, projectId);
  const fileName = cleanFileName(file.name);
  if (!fileName) throw new UserError(400, "Choose a file to upload.", "file");
  if (file.size > MAX_ATTACHMENT_BYTES) throw new UserError(413, tooLargeMessage(), "file");
  const contentType = cleanContentType(file.type);
  // Refuse a full workspace before writing any bytes; the check that counts is repeated under the lock.
  await assertCanStore(db(), ctx.workspaceId, file.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const store = fileStore();
  const storageKey = `${ctx.workspaceId}/${randomUUID()}`;
  await store.put(storageKey, bytes, contentType);
  let row: { id: string; fileName: string };
  try {
    row = await mutate(async (tx) => {
      await requireAccess(tx, member, "attachment", "change");
      await lockWorkspaceStorage(tx, ctx.workspaceId);
      const card = await lockCard(tx, ctx, cardId);
      await assertCanStore(tx, ctx.workspaceId, bytes.byteLength);
      const [inserted] = await tx
        .insert(cardAttachments)
        .values({
          workspaceId: ctx.workspaceId,
          projectId: ctx.projectId,
          cardId: card.id,
          uploadedBy: ctx.actorId,
          fileName,
          contentType,
          sizeBytes: bytes.byteLength,
          storageKey,
        })
        .returning({ id: cardAttachments.id, fileName: cardAttachments.fileName });
      await recordFileChange(tx, {
        kind: "attachment.added",
        ...envelope(member, ctx.projectId),
        subject: { id: card.id, number: card.number, title: card.title },
        change: { attachment: { id: inserted!.id, fileName, sizeBytes: bytes.byteLength } },
      });
      return inserted!;
    });
  } catch (error) {
    await discardFiles([storageKey]);
    throw error;
  }
  return row;
}

/** Removes a file from a card: its metadata and activity row in one transaction, then its bytes. */
export async function deleteAttachment(member: MemberContext, projectId: string, cardId: string, attachmentId: string) {
  const ctx = scopeOf(member, projectId);
  const gone = await mutate(async (tx) => {
    await requireAccess(tx, member, "attachment", "change");
    const card = await lockCard(tx, ctx, cardId);
    if (!isUuid(attachmentId)) throw notFound("That file");
    const [row] = await tx
      .delete(cardAttachments)
      .where(
        and(eq(cardAttachments.id, attachmentId), eq(cardAttachments.cardId, card.id), eq(cardAttachments.workspaceId, ctx.workspaceId)),
      )
      .returning({ fileName: cardAttachments.fileName, storageKey: cardAttachments.storageKey });
    if (!row) throw notFound("That file");
    await recordFileChange(tx, {
      kind: "attachment.removed",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { attachment: { id: attachmentId, fileName: row.fileName } },
    });
    return row;
  });
  await discardFiles([gone.storageKey]);
  return gone;
}
