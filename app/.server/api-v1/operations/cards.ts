import { z } from "zod";
import { setAssignee } from "../../projects/assignees";
import { createCard, deleteCard, moveCard, updateCard } from "../../projects/cards";
import { setCardLabel } from "../../projects/labels";
import { setCardCycle } from "../../cycles/cycles";
import { setEstimate } from "../../cycles/estimates";
import type { MemberContext } from "../../workspaces";
import { decodeCursor, objectAnswer, pageAnswer, requireMatch } from "../http";
import { operation } from "../operation";
import { cardsPage, requireCard, requireProject } from "../reads";
import {
  cardIdParams,
  cardListQuery,
  cardSchema,
  createCardBody,
  moveCardBody,
  pageOf,
  projectIdParams,
  updateCardBody,
  type ApiCard,
} from "../schemas";

const cardLocation = (card: ApiCard) => `/api/v1/projects/${card.projectId}/cards/${card.id}`;

type CardParts = { estimate?: number | null; assigneeIds?: string[]; labelIds?: string[]; cycleId?: string | null };

/**
 * The parts of a card the app changes one by one (its estimate, each assignee, each label, its
 * cycle), each through its own service, so each change is the app's own with its event.
 */
async function setParts(member: MemberContext, card: ApiCard, parts: CardParts) {
  if (parts.estimate !== undefined && parts.estimate !== card.estimate) await setEstimate(member, card.projectId, card.id, parts.estimate);
  if (parts.cycleId !== undefined && parts.cycleId !== card.cycleId) await setCardCycle(member, card.projectId, card.id, parts.cycleId);
  for (const [wanted, had, set] of [
    [parts.assigneeIds, card.assigneeIds, (id: string, on: boolean) => setAssignee(member, card.projectId, card.id, id, on)],
    [parts.labelIds, card.labelIds, (id: string, on: boolean) => setCardLabel(member, card.projectId, card.id, id, on)],
  ] as const) {
    if (!wanted) continue;
    for (const id of had) if (!wanted.includes(id)) await set(id, false);
    for (const id of new Set(wanted)) if (!had.includes(id)) await set(id, true);
  }
}

export const cardOperations = [
  operation({
    id: "listCards",
    method: "get",
    path: "/projects/{projectId}/cards",
    tag: "Cards",
    summary: "List cards",
    description: "The board's cards by number, with the board's filters as query parameters.",
    kind: "card",
    action: "read",
    params: projectIdParams,
    query: cardListQuery,
    success: { status: 200, schema: pageOf(cardSchema, "CardList"), description: "A page of cards.", list: true },
    problems: [400, 404],
    handle: async ({ member, url, params, query }) => {
      const after = decodeCursor(query.cursor, z.tuple([z.int().min(0)]));
      const assignee = query.assignee === "me" ? member.user.id : query.assignee;
      const rows = await cardsPage(member, params.projectId, {
        filters: { assignee, label: query.label, priority: query.priority, due: query.due, q: query.q },
        columnId: query.column,
        after: after ? after[0] : null,
        limit: query.limit,
      });
      return pageAnswer(
        url,
        rows,
        query.limit,
        (c) => c,
        (c) => [c.number],
      );
    },
  }),
  operation({
    id: "createCard",
    method: "post",
    path: "/projects/{projectId}/cards",
    tag: "Cards",
    summary: "Create a card",
    description: "At the end of its column, numbered in its project.",
    kind: "card",
    action: "create",
    params: projectIdParams,
    body: createCardBody,
    success: { status: 201, schema: cardSchema, description: "The card.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      await requireProject(member, params.projectId);
      const row = await createCard(member, params.projectId, {
        columnId: body.columnId,
        title: body.title,
        priority: body.priority,
        dueDate: body.dueDate,
      });
      if (body.description) await updateCard(member, params.projectId, row.id, row.version, { description: body.description });
      await setParts(member, await requireCard(member, params.projectId, row.id), body);
      const card = await requireCard(member, params.projectId, row.id);
      return objectAnswer(card, 201, { Location: cardLocation(card) });
    },
  }),
  operation({
    id: "getCard",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}",
    tag: "Cards",
    summary: "Get a card",
    kind: "card",
    action: "read",
    params: cardIdParams,
    success: { status: 200, schema: cardSchema, description: "The card.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => objectAnswer(await requireCard(member, params.projectId, params.cardId)),
  }),
  operation({
    id: "updateCard",
    method: "patch",
    path: "/projects/{projectId}/cards/{cardId}",
    tag: "Cards",
    summary: "Update a card",
    description:
      "Only the fields sent change: title, description, priority, due date, estimate, cycle, and the whole lists of assignees and labels.",
    kind: "card",
    action: "change",
    params: cardIdParams,
    body: updateCardBody,
    success: { status: 200, schema: cardSchema, description: "The card as it now is.", etag: true },
    problems: [400, 404, 409, 412],
    handle: async ({ member, params, body, ifMatch }) => {
      const before = await requireCard(member, params.projectId, params.cardId);
      requireMatch(ifMatch, before);
      const { title, description, priority, dueDate } = body;
      if ([title, description, priority, dueDate].some((v) => v !== undefined)) {
        // Against the version just read: a change in between is a 409 version_conflict, not lost.
        await updateCard(member, params.projectId, before.id, before.version, { title, description, priority, dueDate });
      }
      await setParts(member, await requireCard(member, params.projectId, before.id), body);
      return objectAnswer(await requireCard(member, params.projectId, before.id));
    },
  }),
  operation({
    id: "moveCard",
    method: "post",
    path: "/projects/{projectId}/cards/{cardId}/move",
    tag: "Cards",
    summary: "Move a card",
    description: "To a column (its own to reorder), after or before a card of it, at a place, or last.",
    kind: "card",
    action: "move",
    params: cardIdParams,
    body: moveCardBody,
    success: { status: 200, schema: cardSchema, description: "The card in its new place.", etag: true },
    problems: [400, 404, 409],
    handle: async ({ member, params, body }) => {
      await requireCard(member, params.projectId, params.cardId);
      await moveCard(member, params.projectId, {
        cardId: params.cardId,
        toColumnId: body.columnId,
        afterId: body.afterId,
        beforeId: body.beforeId,
        index: body.index,
      });
      return objectAnswer(await requireCard(member, params.projectId, params.cardId));
    },
  }),
  operation({
    id: "deleteCard",
    method: "delete",
    path: "/projects/{projectId}/cards/{cardId}",
    tag: "Cards",
    summary: "Delete a card",
    description: "With its checklist, comments and files.",
    kind: "card",
    action: "delete",
    params: cardIdParams,
    success: { status: 204, description: "Deleted." },
    problems: [404, 412],
    handle: async ({ member, params, ifMatch }) => {
      requireMatch(ifMatch, await requireCard(member, params.projectId, params.cardId));
      await deleteCard(member, params.projectId, params.cardId);
      return { status: 204 };
    },
  }),
];
