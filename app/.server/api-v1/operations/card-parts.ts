import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { addChecklistItem, setChecklistItem } from "../../projects/checklist";
import { addComment, commentsOf } from "../../projects/comments";
import { decodeCursor, objectAnswer, pageAnswer, requireMatch, wholeListAnswer } from "../http";
import { operation } from "../operation";
import { checklistOf, requireCard, requireChecklistItem } from "../reads";
import {
  cardIdParams,
  checklistItemParams,
  checklistItemSchema,
  commentSchema,
  createChecklistItemBody,
  createCommentBody,
  listQuery,
  pageOf,
  updateChecklistItemBody,
} from "../schemas";
import { toApiComment } from "../serialize";

const commentCursor = z.tuple([z.int(), z.string().refine(isUuid)]);
const partsOf = (p: { projectId: string; cardId: string }) => `/api/v1/projects/${p.projectId}/cards/${p.cardId}`;

export const cardPartOperations = [
  operation({
    id: "listComments",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}/comments",
    tag: "Comments",
    summary: "List a card's comments",
    description: "Oldest first.",
    kind: "comment",
    action: "read",
    params: cardIdParams,
    query: listQuery,
    success: { status: 200, schema: pageOf(commentSchema, "CommentList"), description: "A page of comments.", list: true },
    problems: [400, 404],
    handle: async ({ member, url, params, query }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      const after = decodeCursor(query.cursor, commentCursor);
      const all = (await commentsOf(member, card.id)).map((c) => ({ ...c, cardId: card.id }));
      const rest = after
        ? all.filter((c) => c.createdAt.getTime() > after[0] || (c.createdAt.getTime() === after[0] && c.id > after[1]))
        : all;
      return pageAnswer(url, rest.slice(0, query.limit + 1), query.limit, toApiComment, (c) => [c.createdAt.getTime(), c.id]);
    },
  }),
  operation({
    id: "createComment",
    method: "post",
    path: "/projects/{projectId}/cards/{cardId}/comments",
    tag: "Comments",
    summary: "Comment on a card",
    description: "Markdown; `@Name` mentions a member, who is told.",
    kind: "comment",
    action: "create",
    params: cardIdParams,
    body: createCommentBody,
    success: { status: 201, schema: commentSchema, description: "The comment.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      const { comment } = await addComment(member, params.projectId, card.id, body.body);
      const view = (await commentsOf(member, card.id)).find((c) => c.id === comment.id)!;
      return objectAnswer(toApiComment({ ...view, cardId: card.id }), 201, {
        Location: `${partsOf(params)}/comments#${comment.id}`,
      });
    },
  }),
  operation({
    id: "listChecklistItems",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}/checklist",
    tag: "Checklist",
    summary: "List a card's checklist",
    description: "In the checklist's order, all on one page.",
    kind: "card",
    action: "read",
    params: cardIdParams,
    success: { status: 200, schema: pageOf(checklistItemSchema, "ChecklistItemList"), description: "The items.", list: true },
    problems: [404],
    handle: async ({ member, params }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      const items = await checklistOf(member, params.projectId, card.id);
      return wholeListAnswer(items);
    },
  }),
  operation({
    id: "createChecklistItem",
    method: "post",
    path: "/projects/{projectId}/cards/{cardId}/checklist",
    tag: "Checklist",
    summary: "Add a checklist item",
    description: "At the end of the card's checklist.",
    kind: "card",
    action: "change",
    params: cardIdParams,
    body: createChecklistItemBody,
    success: { status: 201, schema: checklistItemSchema, description: "The item.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      const { id } = await addChecklistItem(member, params.projectId, card.id, body.text);
      const item = await requireChecklistItem(member, params.projectId, card.id, id);
      return objectAnswer(item, 201, { Location: `${partsOf(params)}/checklist/${id}` });
    },
  }),
  operation({
    id: "updateChecklistItem",
    method: "patch",
    path: "/projects/{projectId}/cards/{cardId}/checklist/{itemId}",
    tag: "Checklist",
    summary: "Tick or untick a checklist item",
    kind: "card",
    action: "change",
    params: checklistItemParams,
    body: updateChecklistItemBody,
    success: { status: 200, schema: checklistItemSchema, description: "The item as it now is.", etag: true },
    problems: [400, 404, 412],
    handle: async ({ member, params, body, ifMatch }) => {
      requireMatch(ifMatch, await requireChecklistItem(member, params.projectId, params.cardId, params.itemId));
      await setChecklistItem(member, params.projectId, params.cardId, params.itemId, { done: body.done });
      return objectAnswer(await requireChecklistItem(member, params.projectId, params.cardId, params.itemId));
    },
  }),
  operation({
    id: "deleteChecklistItem",
    method: "delete",
    path: "/projects/{projectId}/cards/{cardId}/checklist/{itemId}",
    tag: "Checklist",
    summary: "Remove a checklist item",
    kind: "card",
    action: "change",
    params: checklistItemParams,
    success: { status: 204, description: "Removed." },
    problems: [404, 412],
    handle: async ({ member, params, ifMatch }) => {
      requireMatch(ifMatch, await requireChecklistItem(member, params.projectId, params.cardId, params.itemId));
      await setChecklistItem(member, params.projectId, params.cardId, params.itemId, { remove: true });
      return { status: 204 };
    },
  }),
];
