import { and, asc, count, eq } from "drizzle-orm";
import type { AttachmentView } from "~/lib/board";
import { db, schema, type Db } from "../db";
import { requireRead } from "../access";
import type { MemberContext } from "../workspaces";
import { fileStore } from "./store";

/**
 * Attachment metadata: what the card panel lists, the board's paperclip counts, the
 * download's lookup and the keys to discard. Every query has the workspace id in its
 * where. Ids are uuids, checked by the callers. The bytes are the file store's business
 * (./store.ts).
 */
const { cardAttachments, users } = schema;

export const attachmentUrl = (projectId: string, attachmentId: string) => `/projects/${projectId}/attachments/${attachmentId}`;

/** A card's files, oldest first, with who uploaded them. */
export async function listAttachments(member: MemberContext, projectId: string, cardId: string): Promise<AttachmentView[]> {
  requireRead(member, "attachment");
  const workspaceId = member.workspace.id;
  const rows = await db()
    .select({
      id: cardAttachments.id,
      fileName: cardAttachments.fileName,
      contentType: cardAttachments.contentType,
      sizeBytes: cardAttachments.sizeBytes,
      createdAt: cardAttachments.createdAt,
      uploaderName: users.fullName,
      uploaderEmail: users.email,
    })
    .from(cardAttachments)
    .leftJoin(users, eq(users.id, cardAttachments.uploadedBy))
    .where(and(eq(cardAttachments.cardId, cardId), eq(cardAttachments.projectId, projectId), eq(cardAttachments.workspaceId, workspaceId)))
    .orderBy(asc(cardAttachments.createdAt), asc(cardAttachments.id));
  return rows.map(({ uploaderName, uploaderEmail, ...a }) => ({
    ...a,
    uploaderName: uploaderName || uploaderEmail || null,
    url: attachmentUrl(projectId, a.id),
  }));
}

/** How many files each card of a project has (the card faces' paperclips). */
export function attachmentCountsByCard(d: Db, workspaceId: string, projectId: string) {
  return d
    .select({ cardId: cardAttachments.cardId, n: count() })
    .from(cardAttachments)
    .where(and(eq(cardAttachments.projectId, projectId), eq(cardAttachments.workspaceId, workspaceId)))
    .groupBy(cardAttachments.cardId);
}

/** One attachment of a project in the workspace, or null: the ids are in the where, never compared after. */
export async function findAttachment(member: MemberContext, projectId: string, attachmentId: string) {
  requireRead(member, "attachment");
  const workspaceId = member.workspace.id;
  const [row] = await db()
    .select({
      id: cardAttachments.id,
      fileName: cardAttachments.fileName,
      contentType: cardAttachments.contentType,
      sizeBytes: cardAttachments.sizeBytes,
      storageKey: cardAttachments.storageKey,
    })
    .from(cardAttachments)
    .where(
      and(eq(cardAttachments.id, attachmentId), eq(cardAttachments.projectId, projectId), eq(cardAttachments.workspaceId, workspaceId)),
    );
  return row ?? null;
}

/**
 * The storage keys of the files a deletion is about to take with it (a card, a
 * project, a workspace). Read inside the deleting transaction; hand them to
 * discardFiles after it commits.
 */
export async function attachmentKeys(tx: Db, scope: { workspaceId: string; projectId?: string; cardId?: string }): Promise<string[]> {
  const rows = await tx
    .select({ key: cardAttachments.storageKey })
    .from(cardAttachments)
    .where(
      and(
        eq(cardAttachments.workspaceId, scope.workspaceId),
        scope.projectId ? eq(cardAttachments.projectId, scope.projectId) : undefined,
        scope.cardId ? eq(cardAttachments.cardId, scope.cardId) : undefined,
      ),
    );
  return rows.map((r) => r.key);
}

/**
 * Removes the bytes of files whose metadata is already gone (committed). The embedded
 * store has removed them in that transaction already (a trigger); a hosted store
 * cannot join a database transaction, so it is told here. A failure costs stray bytes
 * that no usage counts, never the user's action, so it is logged, not thrown.
 */
export async function discardFiles(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await fileStore().delete(keys);
  } catch (error) {
    console.error(`[files] could not discard ${keys.length} stored file(s)`, error);
  }
}
