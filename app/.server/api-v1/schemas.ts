import { z } from "zod";
import "zod-openapi";
import { PRIORITIES, STATE_GROUPS } from "~/lib/board";
import { CYCLE_STATUS_LABELS } from "~/lib/cycles";
import { NOTIFICATION_KINDS } from "~/lib/notifications";
import { ROLES } from "~/lib/permissions";
import { PROBLEM_CODES, type ProblemCode } from "~/lib/problem";

/**
 * The API's zod schemas: each validates what a client sends (bodies, query, path) or
 * describes what it gets back, and the OpenAPI document (`openapi.ts`) is generated from
 * these same objects, so the reference cannot drift from the code. `.meta({ id })` names a
 * component of the document.
 */

const uuid = z.uuid();
const timestamp = z.iso.datetime({ offset: true }).meta({ description: "An RFC 3339 time (UTC)." });
const day = z.iso.date().meta({ description: "A calendar day, YYYY-MM-DD." });

export const priorityField = z.enum(PRIORITIES).meta({ id: "Priority" });
export const stateGroupField = z.enum(STATE_GROUPS).meta({
  id: "StateGroup",
  description: "What a column's cards count as in the board's figures.",
});

// ---- objects (answers) ----

export const projectSchema = z
  .object({
    object: z.literal("project"),
    id: uuid,
    name: z.string(),
    description: z.string(),
    archived: z.boolean(),
    archivedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Project" });

export const columnSchema = z
  .object({
    object: z.literal("column"),
    id: uuid,
    projectId: uuid,
    name: z.string(),
    stateGroup: stateGroupField,
    wipLimit: z.int().nullable(),
    index: z.int().meta({ description: "0-based place on the board, left to right." }),
    createdAt: timestamp,
  })
  .meta({ id: "Column" });

export const cardSchema = z
  .object({
    object: z.literal("card"),
    id: uuid,
    projectId: uuid,
    columnId: uuid,
    number: z.int().meta({ description: "The card's number in its project (#12)." }),
    title: z.string(),
    description: z.string().meta({ description: "Markdown." }),
    priority: priorityField,
    dueDate: day.nullable(),
    estimate: z.number().nullable().meta({ description: "Points, at most one decimal." }),
    assigneeIds: z.array(uuid),
    labelIds: z.array(uuid),
    cycleId: uuid.nullable().meta({ description: "The cycle the card is in now, or null." }),
    version: z.int().meta({ description: "Raised by every change of the card's fields or column." }),
    startedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Card" });

export const commentSchema = z
  .object({
    object: z.literal("comment"),
    id: uuid,
    cardId: uuid,
    authorId: uuid.nullable(),
    body: z.string().meta({ description: "Markdown; mentions as @Name." }),
    html: z.string().meta({ description: "The body rendered and sanitised." }),
    edited: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: "Comment" });

export const checklistItemSchema = z
  .object({
    object: z.literal("checklist_item"),
    id: uuid,
    cardId: uuid,
    text: z.string(),
    done: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: "ChecklistItem" });

export const memberSchema = z
  .object({
    object: z.literal("member"),
    id: uuid.meta({ description: "The person's user id (what assigneeIds and authorId hold)." }),
    name: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.enum(ROLES),
    joinedAt: timestamp,
  })
  .meta({ id: "Member" });

const cycleStatuses = Object.keys(CYCLE_STATUS_LABELS) as [keyof typeof CYCLE_STATUS_LABELS, ...(keyof typeof CYCLE_STATUS_LABELS)[]];

export const cycleSchema = z
  .object({
    object: z.literal("cycle"),
    id: uuid,
    projectId: uuid,
    name: z.string(),
    startsOn: day,
    endsOn: day,
    status: z.enum(cycleStatuses),
    closedAt: timestamp.nullable(),
    cardCount: z.int().meta({ description: "Cards in the cycle now." }),
    doneCount: z.int().meta({ description: "Of those, cards in a completed column." }),
  })
  .meta({ id: "Cycle" });

export const notificationSchema = z
  .object({
    object: z.literal("notification"),
    id: uuid,
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    excerpt: z.string().nullable(),
    url: z.string().meta({ description: "Where it leads in the app (a path)." }),
    projectId: uuid.nullable(),
    cardId: uuid.nullable(),
    read: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: "Notification" });

/** A page of a list: `next` is the address of the following page, null on the last. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      next: z.string().nullable().meta({ description: "The next page's address (relative), or null on the last page." }),
    })
    .meta({ id });
}

const problemCodes = Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]];

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A stable URI naming the problem: /docs/api/problems/<code>." }),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    code: z.enum(problemCodes),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .catchall(z.unknown())
  .meta({ id: "Problem", description: "RFC 9457 problem details." });

// ---- what a client sends ----

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: "Items per page, 1–100 (25 by default)." }),
  cursor: z.string().max(500).optional().meta({ description: "The opaque cursor from the previous page's `next` link." }),
});

export const projectListQuery = listQuery.extend({
  archived: z.enum(["true", "false"]).optional().meta({ description: "true lists archived projects instead of active ones." }),
});

export const cardListQuery = listQuery.extend({
  column: uuid.optional().meta({ description: "Only this column's cards." }),
  assignee: z.string().optional().meta({ description: "A member's id, `me`, or `none` (no assignee)." }),
  label: uuid.optional(),
  priority: priorityField.optional(),
  due: z.enum(["overdue", "week"]).optional().meta({ description: "Overdue, or due within the week, on cards not yet finished." }),
  q: z.string().max(200).optional().meta({ description: "Words in the title or description, or a card number." }),
});

export const notificationListQuery = listQuery.extend({
  unread: z.enum(["true", "false"]).optional().meta({ description: "true lists only the unread ones." }),
});

export const projectIdParams = z.object({ projectId: uuid });
export const columnIdParams = projectIdParams.extend({ columnId: uuid });
export const cardIdParams = projectIdParams.extend({ cardId: uuid });
export const checklistItemParams = cardIdParams.extend({ itemId: uuid });
export const memberIdParams = z.object({ userId: uuid });

const name = z.string().trim().min(1, "Give it a name.").max(200);

export const createProjectBody = z.object({ name, description: z.string().max(5000).optional() }).meta({ id: "CreateProject" });
export const updateProjectBody = z
  .object({ name: name.optional(), description: z.string().max(5000).optional(), archived: z.boolean().optional() })
  .meta({ id: "UpdateProject" });

export const createColumnBody = z.object({ name, stateGroup: stateGroupField.default("unstarted") }).meta({ id: "CreateColumn" });
export const updateColumnBody = z
  .object({ name: name.optional(), wipLimit: z.int().min(1).max(999).nullable().optional(), stateGroup: stateGroupField.optional() })
  .meta({ id: "UpdateColumn" });
export const moveColumnBody = z
  .object({ direction: z.enum(["left", "right"]).meta({ description: "One place to the left or to the right." }) })
  .meta({ id: "MoveColumn" });
export const deleteColumnQuery = z.object({
  moveCardsTo: uuid.optional().meta({ description: "The column that takes this column's cards (needed when it has any)." }),
});

const title = z.string().trim().min(1, "Give the card a title.").max(500);
const cardFields = {
  description: z.string().max(20_000),
  priority: priorityField,
  dueDate: day.nullable(),
  estimate: z.number().min(0).max(1000).nullable(),
  assigneeIds: z.array(uuid).max(50),
  labelIds: z.array(uuid).max(50),
  cycleId: uuid.nullable().meta({ description: "An open cycle of the project to put the card in, or null to take it out of its cycle." }),
};

export const createCardBody = z
  .object({ columnId: uuid, title, ...cardFields })
  .partial({ description: true, priority: true, dueDate: true, estimate: true, assigneeIds: true, labelIds: true, cycleId: true })
  .meta({ id: "CreateCard" });
export const updateCardBody = z
  .object({ title, ...cardFields })
  .partial()
  .meta({ id: "UpdateCard" });
export const moveCardBody = z
  .object({
    columnId: uuid.meta({ description: "The column the card goes to (its own to reorder)." }),
    afterId: uuid.nullable().optional().meta({ description: "Place it right after this card of that column." }),
    beforeId: uuid.nullable().optional().meta({ description: "Place it right before this card of that column." }),
    index: z.int().min(1).optional().meta({ description: "Or a 1-based place in the column. Without any, it goes last." }),
  })
  .meta({ id: "MoveCard" });

export const createCommentBody = z.object({ body: z.string().min(1).max(10_000) }).meta({ id: "CreateComment" });
export const createChecklistItemBody = z.object({ text: z.string().trim().min(1).max(500) }).meta({ id: "CreateChecklistItem" });
export const updateChecklistItemBody = z.object({ done: z.boolean() }).meta({ id: "UpdateChecklistItem" });

export type ApiProject = z.infer<typeof projectSchema>;
export type ApiColumn = z.infer<typeof columnSchema>;
export type ApiCard = z.infer<typeof cardSchema>;
export type ApiComment = z.infer<typeof commentSchema>;
export type ApiChecklistItem = z.infer<typeof checklistItemSchema>;
export type ApiMember = z.infer<typeof memberSchema>;
export type ApiCycle = z.infer<typeof cycleSchema>;
export type ApiNotification = z.infer<typeof notificationSchema>;
