import { z } from "zod";
import type { Action } from "~/lib/permissions";
import { can } from "~/lib/permissions";
import { PRIORITIES, STATE_GROUPS } from "../db/schema-product";
import { db } from "../db";
import type { MemberContext } from "../workspaces";
import { assertWritable } from "../workspaces/limits";
import { deleteAttachment, uploadAttachment } from "../files/attachment-actions";
import {
  addChecklistItem,
  addColumn,
  addComment,
  createCard,
  createLabel,
  deleteCard,
  deleteColumn,
  LABEL_COLORS,
  moveCard,
  setAssignee,
  setCardLabel,
  setChecklistItem,
  shiftColumn,
  updateCard,
  updateColumn,
} from "./board";
import { firstIssue, stringFields } from "../http/forms";
import { UserError } from "../errors";
import { deleteProject, getProject, setProjectArchived, updateProject } from "./projects";

const id = z.string().uuid({ message: "Reload the page and try again." });
const title = z.string().trim().min(1, { message: "Give the card a title." }).max(200, { message: "Keep the title under 200 characters." });
const optionalId = z.preprocess((v) => (v === "" || v == null ? null : v), id.nullable());
const dueDate = z.preprocess(
  (v) => (v === "" || v == null ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Enter the due date as a date (YYYY-MM-DD)." })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      message: "That is not a real date.",
    })
    .nullable(),
);
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
/** The form's file input: a file with a name (an empty input posts a nameless, empty one). */
const uploadedFile = z.custom<File>((v) => v instanceof Blob && typeof (v as File).name === "string" && (v as File).name !== "", {
  message: "Choose a file to upload.",
});
const columnName = z
  .string()
  .trim()
  .min(1, { message: "Give the column a name." })
  .max(60, { message: "Keep the column name under 60 characters." });

export const boardIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-card"), columnId: id, title, priority: z.enum(PRIORITIES).optional(), dueDate: dueDate.optional() }),
  z.object({
    intent: z.literal("move-card"),
    cardId: id,
    toColumnId: z.string().min(1, { message: "Choose a column." }),
    afterId: optionalId.optional(),
    beforeId: optionalId.optional(),
    index: z
      .preprocess(
        (v) => (v === "" || v == null ? null : Number(v)),
        z.number({ message: "Enter a position number." }).int().min(1, { message: "Positions start at 1." }).max(100_000).nullable(),
      )
      .optional(),
  }),
  z.object({
    intent: z.literal("update-card"),
    cardId: id,
    version: z.coerce.number().int().min(1),
    title: title.optional(),
    description: z.string().max(20_000, { message: "Keep the description under 20,000 characters." }).optional(),
    priority: z.enum(PRIORITIES, { message: "Choose a priority." }).optional(),
    dueDate: dueDate.optional(),
  }),
  z.object({ intent: z.literal("delete-card"), cardId: id }),
  z.object({ intent: z.literal("set-assignee"), cardId: id, userId: id, assigned: checkbox }),
  z.object({ intent: z.literal("set-label"), cardId: id, labelId: id, on: checkbox }),
  z.object({
    intent: z.literal("create-label"),
    name: z.string().trim().min(1, { message: "Name the label." }).max(40, { message: "Keep label names under 40 characters." }),
    color: z.enum(LABEL_COLORS, { message: "Choose a colour." }),
    cardId: optionalId.optional(),
  }),
  z.object({
    intent: z.literal("add-checklist-item"),
    cardId: id,
    text: z.string().trim().min(1, { message: "Write the item first." }).max(300),
  }),
  z.object({ intent: z.literal("toggle-checklist-item"), cardId: id, itemId: id, done: checkbox }),
  z.object({ intent: z.literal("remove-checklist-item"), cardId: id, itemId: id }),
  z.object({ intent: z.literal("upload-attachment"), cardId: id, file: uploadedFile }),
  z.object({ intent: z.literal("delete-attachment"), cardId: id, attachmentId: id }),
  z.object({
    intent: z.literal("add-comment"),
    cardId: id,
    body: z.string().trim().min(1, { message: "Write a comment first." }).max(10_000),
  }),
  z.object({ intent: z.literal("add-column"), name: columnName, stateGroup: z.enum(STATE_GROUPS).default("unstarted") }),
  z.object({
    intent: z.literal("update-column"),
    columnId: id,
    name: columnName.optional(),
    wipLimit: z
      .preprocess(
        (v) => (v === "" || v == null ? null : Number(v)),
        z
          .number({ message: "Enter a number." })
          .int()
          .min(1, { message: "A limit is at least 1; leave it empty for none." })
          .max(999)
          .nullable(),
      )
      .optional(),
    stateGroup: z.enum(STATE_GROUPS).optional(),
  }),
  z.object({ intent: z.literal("shift-column"), columnId: id, direction: z.enum(["left", "right"]) }),
  z.object({ intent: z.literal("delete-column"), columnId: id, moveTo: optionalId.optional() }),
  z.object({
    intent: z.literal("update-project"),
    name: z.string().trim().min(1, { message: "Give the project a name." }).max(200, { message: "Keep the name under 200 characters." }),
    description: z.string().max(5_000).optional(),
  }),
  z.object({ intent: z.literal("archive-project") }),
  z.object({ intent: z.literal("restore-project") }),
  z.object({ intent: z.literal("delete-project"), confirm: z.string() }),
]);

export type BoardIntent = z.infer<typeof boardIntentSchema>;

const PERMISSION: Record<BoardIntent["intent"], Action> = {
  "create-card": "card.create",
  "move-card": "card.move",
  "update-card": "card.update",
  "delete-card": "card.delete",
  "set-assignee": "card.update",
  "set-label": "card.update",
  "create-label": "label.manage",
  "add-checklist-item": "card.update",
  "toggle-checklist-item": "card.update",
  "remove-checklist-item": "card.update",
  "upload-attachment": "card.update",
  "delete-attachment": "card.update",
  "add-comment": "comment.create",
  "add-column": "board.manage_columns",
  "update-column": "board.manage_columns",
  "shift-column": "board.manage_columns",
  "delete-column": "board.manage_columns",
  "update-project": "project.update",
  "archive-project": "project.archive",
  "restore-project": "project.archive",
  "delete-project": "project.delete",
};

/**
 * Intents whose result the user sees where they are looking (the new card in its column,
 * the comment or checklist item in the open panel, the label on the card): the page's
 * form post answers them without a toast. API clients still get the message.
 */
export const SEEN_IN_PLACE: ReadonlySet<BoardIntent["intent"]> = new Set([
  "create-card",
  "create-label",
  "add-comment",
  "add-checklist-item",
  "toggle-checklist-item",
  "remove-checklist-item",
  "set-assignee",
  "set-label",
]);

export type BoardActionResult =
  | { ok: true; intent: string; message?: string; warning?: string | null; redirectTo?: string; cardId?: string; attachmentId?: string }
  | { ok: false; intent: string; status: number; message: string; field?: string; values?: Record<string, string> };

export function parseBoardIntent(form: FormData): { ok: true; value: BoardIntent } | { ok: false; result: BoardActionResult } {
  const raw = Object.fromEntries(form);
  const parsed = boardIntentSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const { field, message } = firstIssue(parsed.error);
  return {
    ok: false,
    result: {
      ok: false,
      intent: typeof raw.intent === "string" ? raw.intent : "unknown",
      status: 400,
      message: field === "intent" ? "Unknown action." : message,
      field: field || undefined,
      values: stringFields(form),
    },
  };
}

/** Runs one board intent for a member: permission first, then the scoped service call. */
export async function runBoardIntent(
  member: MemberContext,
  projectId: string,
  intent: BoardIntent,
  values: Record<string, string> = {},
): Promise<BoardActionResult> {
  if (!can(member.role, PERMISSION[intent.intent])) {
    return { ok: false, intent: intent.intent, status: 403, message: "Your role in this workspace can view this board but not change it." };
  }
  const ctx = { workspaceId: member.workspace.id, projectId, actorId: member.user.id };
  try {
    // Every board intent writes; a read-only workspace (trial ended, subscription canceled) refuses them all.
    await assertWritable(db(), member.workspace.id);
    switch (intent.intent) {
      case "create-card": {
        const card = await createCard(ctx, intent);
        return { ok: true, intent: intent.intent, message: `Card #${card.number} created.`, cardId: card.id };
      }
      case "move-card": {
        const r = await moveCard(ctx, intent);
        return { ok: true, intent: intent.intent, message: `Moved to ${r.column.name}.`, warning: r.wipWarning, cardId: intent.cardId };
      }
      case "update-card": {
        const { cardId, version, intent: _i, ...patch } = intent;
        await updateCard(ctx, cardId, version, patch);
        return { ok: true, intent: intent.intent, message: "Card saved.", cardId };
      }
      case "delete-card":
        await deleteCard(ctx, intent.cardId);
        return { ok: true, intent: intent.intent, message: "Card deleted." };
      case "set-assignee":
        await setAssignee(ctx, intent.cardId, intent.userId, intent.assigned);
        return { ok: true, intent: intent.intent, cardId: intent.cardId };
      case "set-label":
        await setCardLabel(ctx, intent.cardId, intent.labelId, intent.on);
        return { ok: true, intent: intent.intent, cardId: intent.cardId };
      case "create-label": {
        const label = await createLabel(ctx, intent.name, intent.color);
        if (intent.cardId) await setCardLabel(ctx, intent.cardId, label.id, true);
        return { ok: true, intent: intent.intent, message: `Label "${label.name}" created.`, cardId: intent.cardId ?? undefined };
      }
      case "add-checklist-item":
        await addChecklistItem(ctx, intent.cardId, intent.text);
        return { ok: true, intent: intent.intent, cardId: intent.cardId };
      case "toggle-checklist-item":
        await setChecklistItem(ctx, intent.cardId, intent.itemId, { done: intent.done });
        return { ok: true, intent: intent.intent, cardId: intent.cardId };
      case "remove-checklist-item":
        await setChecklistItem(ctx, intent.cardId, intent.itemId, { remove: true });
        return { ok: true, intent: intent.intent, cardId: intent.cardId };
      case "upload-attachment": {
        const file = await uploadAttachment(ctx, intent.cardId, intent.file);
        return { ok: true, intent: intent.intent, message: `Attached ${file.fileName}.`, cardId: intent.cardId, attachmentId: file.id };
      }
      case "delete-attachment": {
        const file = await deleteAttachment(ctx, intent.cardId, intent.attachmentId);
        return { ok: true, intent: intent.intent, message: `Deleted ${file.fileName}.`, cardId: intent.cardId };
      }
      case "add-comment":
        await addComment(ctx, intent.cardId, intent.body);
        return { ok: true, intent: intent.intent, message: "Comment added.", cardId: intent.cardId };
      case "add-column":
        await addColumn(ctx, intent.name, intent.stateGroup);
        return { ok: true, intent: intent.intent, message: `Column "${intent.name}" added.` };
      case "update-column":
        await updateColumn(ctx, intent.columnId, { name: intent.name, wipLimit: intent.wipLimit, stateGroup: intent.stateGroup });
        return { ok: true, intent: intent.intent, message: "Column saved." };
      case "shift-column":
        await shiftColumn(ctx, intent.columnId, intent.direction === "left" ? -1 : 1);
        return { ok: true, intent: intent.intent };
      case "delete-column":
        await deleteColumn(ctx, intent.columnId, intent.moveTo ?? null);
        return { ok: true, intent: intent.intent, message: "Column deleted." };
      case "update-project":
        await updateProject(member.workspace.id, projectId, member.user.id, intent);
        return { ok: true, intent: intent.intent, message: "Project saved." };
      case "archive-project":
        await setProjectArchived(member.workspace.id, projectId, member.user.id, true);
        return {
          ok: true,
          intent: intent.intent,
          message: "Project archived. Restore it from the archived projects list.",
          redirectTo: "/projects",
        };
      case "restore-project":
        await setProjectArchived(member.workspace.id, projectId, member.user.id, false);
        return { ok: true, intent: intent.intent, message: "Project restored." };
      case "delete-project": {
        const p = await getProject(member.workspace.id, projectId);
        if (!p) throw new UserError(404, "That project was not found.");
        if (intent.confirm.trim() !== p.name) {
          return {
            ok: false,
            intent: intent.intent,
            status: 400,
            field: "confirm",
            message: `Type the project's name, ${p.name}, to confirm.`,
          };
        }
        await deleteProject(member.workspace.id, projectId, member.user.id);
        return { ok: true, intent: intent.intent, message: `Project "${p.name}" deleted.`, redirectTo: "/projects" };
      }
    }
  } catch (error) {
    if (error instanceof UserError) {
      return { ok: false, intent: intent.intent, status: error.status, message: error.message, field: error.field, values };
    }
    throw error;
  }
}
