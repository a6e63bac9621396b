import { MAX_ATTACHMENT_BYTES, tooLargeMessage } from "~/lib/file-size";
import { deleteAttachment, uploadAttachment } from "../../files/attachment-actions";
import { fileStore } from "../../files/store";
import { notFound } from "../../errors";
import { attachmentsOf, requireAttachment } from "../attachment-reads";
import { attachmentParams, attachmentSchema, uploadQuery } from "../card-schemas";
import { etagOf, objectAnswer, requireMatch, wholeListAnswer } from "../http";
import { operation } from "../operation";
import { requireCard } from "../reads";
import { cardIdParams, pageOf } from "../schemas";

/**
 * A card's files: listed, uploaded as the raw body (the file's type as Content-Type, its name
 * as `?filename=`), downloaded with their stored type, and deleted, each through the app's
 * own services (the card panel's limits, store and events).
 */
export const attachmentOperations = [
  operation({
    id: "listAttachments",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}/attachments",
    tag: "Attachments",
    summary: "List a card's attachments",
    description: "Oldest first, all on one page.",
    kind: "attachment",
    action: "read",
    params: cardIdParams,
    success: { status: 200, schema: pageOf(attachmentSchema, "AttachmentList"), description: "The files.", list: true },
    problems: [404],
    handle: async ({ member, params }) => {
      await requireCard(member, params.projectId, params.cardId);
      return wholeListAnswer(await attachmentsOf(member, params.projectId, params.cardId));
    },
  }),
  operation({
    id: "uploadAttachment",
    method: "post",
    path: "/projects/{projectId}/cards/{cardId}/attachments",
    tag: "Attachments",
    summary: "Upload an attachment",
    description:
      "The body is the file's bytes, sent as they are (not a form), with the file's type as `Content-Type` and its name as `?filename=`: " +
      "`curl --data-binary @plan.pdf -H 'Content-Type: application/pdf' …/attachments?filename=plan.pdf`. " +
      "At most 25 MB (413), counted against the plan's storage (403 `plan_limit`); no type or a form's type is 415.",
    kind: "attachment",
    action: "change",
    params: cardIdParams,
    query: uploadQuery,
    upload: { maxBytes: MAX_ATTACHMENT_BYTES, tooLarge: tooLargeMessage() },
    success: { status: 201, schema: attachmentSchema, description: "The attachment.", etag: true },
    problems: [400, 404, 413, 415],
    handle: async ({ member, params, query, upload }) => {
      await requireCard(member, params.projectId, params.cardId);
      const file = new File([upload!.bytes], query.filename, { type: upload!.contentType });
      const { id } = await uploadAttachment(member, params.projectId, params.cardId, file);
      const { attachment } = await requireAttachment(member, params.projectId, params.cardId, id);
      return objectAnswer(attachment, 201, { Location: attachment.downloadUrl.replace(/\/content$/, "") });
    },
  }),
  operation({
    id: "getAttachment",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}",
    tag: "Attachments",
    summary: "Get an attachment",
    description: "What is known of the file; its bytes are at `downloadUrl`.",
    kind: "attachment",
    action: "read",
    params: attachmentParams,
    success: { status: 200, schema: attachmentSchema, description: "The attachment.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => {
      const { attachment } = await requireAttachment(member, params.projectId, params.cardId, params.attachmentId);
      return objectAnswer(attachment);
    },
  }),
  operation({
    id: "downloadAttachment",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}/content",
    tag: "Attachments",
    summary: "Download an attachment",
    description:
      "The file's bytes with the type it was uploaded with, its name in `Content-Disposition` (always `attachment`: never shown in a page), " +
      "`Content-Length`, and the attachment's ETag (a file never changes: `If-None-Match` answers 304).",
    kind: "attachment",
    action: "read",
    params: attachmentParams,
    success: { status: 200, description: "The file's bytes.", etag: true, file: true },
    problems: [404],
    handle: async ({ member, params }) => {
      const { attachment, storageKey } = await requireAttachment(member, params.projectId, params.cardId, params.attachmentId);
      const bytes = await fileStore().get(storageKey);
      if (!bytes) {
        console.error(`[files] attachment ${attachment.id} has no stored bytes (key ${storageKey})`);
        throw notFound("That file");
      }
      return {
        status: 200,
        file: { bytes, contentType: attachment.contentType, fileName: attachment.fileName },
        headers: {
          ETag: etagOf(attachment),
          "Content-Length": String(bytes.byteLength),
          "Cache-Control": "private",
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; sandbox",
        },
      };
    },
  }),
  operation({
    id: "deleteAttachment",
    method: "delete",
    path: "/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}",
    tag: "Attachments",
    summary: "Delete an attachment",
    kind: "attachment",
    action: "change",
    params: attachmentParams,
    success: { status: 204, description: "Deleted, bytes and all." },
    problems: [404, 412],
    handle: async ({ member, params, ifMatch }) => {
      const { attachment } = await requireAttachment(member, params.projectId, params.cardId, params.attachmentId);
      requireMatch(ifMatch, attachment);
      await deleteAttachment(member, params.projectId, params.cardId, attachment.id);
      return { status: 204 };
    },
  }),
];
