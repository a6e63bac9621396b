import { and, asc, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { requireRead } from "../access";
import { db, schema } from "../db";
import { notFound } from "../errors";
import type { MemberContext } from "../workspaces";
import type { ApiAttachment } from "./card-schemas";

/**
 * A card's attachments as the API returns them (the metadata in `card_attachments`; the bytes
 * are the file store's, read by the download). Every query names the workspace, the project
 * and the card, so another workspace's or another card's id reads as absent.
 */
const { cardAttachments } = schema;

type AttachmentRow = {
  id: string;
  projectId: string;
  cardId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedBy: string | null;
  createdAt: Date;
};

export function toApiAttachment(a: AttachmentRow): ApiAttachment {
  return {
    object: "attachment",
    id: a.id,
    projectId: a.projectId,
    cardId: a.cardId,
    fileName: a.fileName,
    contentType: a.contentType,
    size: a.sizeBytes,
    uploadedBy: a.uploadedBy,
    createdAt: a.createdAt.toISOString(),
    downloadUrl: `/api/v1/projects/${a.projectId}/cards/${a.cardId}/attachments/${a.id}/content`,
  };
}

const columns = {
  id: cardAttachments.id,
  projectId: cardAttachments.projectId,
  cardId: cardAttachments.cardId,
  fileName: cardAttachments.fileName,
  contentType: cardAttachments.contentType,
  sizeBytes: cardAttachments.sizeBytes,
  uploadedBy: cardAttachments.uploadedBy,
  createdAt: cardAttachments.createdAt,
  storageKey: cardAttachments.storageKey,
};

const ofCard = (member: MemberContext, projectId: string, cardId: string) =>
  and(eq(cardAttachments.workspaceId, member.workspace.id), eq(cardAttachments.projectId, projectId), eq(cardAttachments.cardId, cardId));

/** A card's files, oldest first (a card has few: one page). */
export async function attachmentsOf(member: MemberContext, projectId: string, cardId: string): Promise<ApiAttachment[]> {
  requireRead(member, "attachment");
  const rows = await db()
    .select(columns)
    .from(cardAttachments)
    .where(ofCard(member, projectId, cardId))
    .orderBy(asc(cardAttachments.createdAt), asc(cardAttachments.id));
  return rows.map(toApiAttachment);
}

/** One file of the card, with the key of its bytes, or a 404. */
export async function requireAttachment(member: MemberContext, projectId: string, cardId: string, attachmentId: string) {
  requireRead(member, "attachment");
  if (!isUuid(attachmentId)) throw notFound("That file");
  const [row] = await db()
    .select(columns)
    .from(cardAttachments)
    .where(and(ofCard(member, projectId, cardId), eq(cardAttachments.id, attachmentId)));
  if (!row) throw notFound("That file");
  return { attachment: toApiAttachment(row), storageKey: row.storageKey };
}
