import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { LABEL_COLORS, PRIORITIES, STATE_GROUPS } from "../board";
import type { ProblemCode } from "../problem";
import { linkScreenSchema, unlinkScreenSchema } from "./card-links";
import { addDependencySchema, removeDependencySchema, setCardCycleSchema, setEstimateSchema } from "./cycles";
import { archiveProjectSchema, deleteProjectSchema, restoreProjectSchema, updateProjectSchema } from "./projects";

/**
 * The board's intents: every form of the board page (and the JSON API, which takes the
 * same fields) posts one, and the server parses them with `boardIntentSchema`, the one
 * union. The forms that conform drives in the browser (the card's fields, its move form,
 * a column's settings, the project's settings) use their own member of it.
 *
 * Parse these WITHOUT conform's automatic coercion (`disableAutoCoercion`): an empty field
 * means something here ("" clears a due date or a WIP limit), which the preprocessors below
 * say, and a JSON client that leaves a field out changes nothing.
 */
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

export const createCardSchema = z.object({
  intent: z.literal("create-card"),
  columnId: id,
  title,
  priority: z.enum(PRIORITIES).optional(),
  dueDate: dueDate.optional(),
});

/** Drag and drop sends the neighbours (`afterId`, `beforeId`); the card panel's form a column and a position. */
export const moveCardSchema = z.object({
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
});

/**
 * Some of the card's fields (only those sent change), each with the value the writer
 * started from (`baseTitle`, …: a field equal to its base is not the writer's change, one
 * changed by someone else since is a 409), and the version the form was opened at (what
 * decides for a field sent without a base, as API clients may).
 */
export const updateCardSchema = z.object({
  intent: z.literal("update-card"),
  cardId: id,
  version: z.coerce.number().int().min(1),
  title: title.optional(),
  description: z.string().max(20_000, { message: "Keep the description under 20,000 characters." }).optional(),
  priority: z.enum(PRIORITIES, { message: "Choose a priority." }).optional(),
  dueDate: dueDate.optional(),
  baseTitle: z.string().max(1_000).optional(),
  baseDescription: z.string().max(20_000).optional(),
  basePriority: z.enum(PRIORITIES).optional(),
  baseDueDate: dueDate.optional(),
});

export const createLabelSchema = z.object({
  intent: z.literal("create-label"),
  name: z.string().trim().min(1, { message: "Name the label." }).max(40, { message: "Keep label names under 40 characters." }),
  color: z.enum(LABEL_COLORS, { message: "Choose a colour." }),
  cardId: optionalId.optional(),
});

export const addColumnSchema = z.object({
  intent: z.literal("add-column"),
  name: columnName,
  stateGroup: z.enum(STATE_GROUPS).default("unstarted"),
});

/** A column's menu: its name, WIP limit (empty for none) and state group. */
export const updateColumnSchema = z.object({
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
});

export const boardIntentSchema = z.discriminatedUnion("intent", [
  createCardSchema,
  moveCardSchema,
  updateCardSchema,
  z.object({ intent: z.literal("delete-card"), cardId: id }),
  z.object({ intent: z.literal("set-assignee"), cardId: id, userId: id, assigned: checkbox }),
  z.object({ intent: z.literal("set-label"), cardId: id, labelId: id, on: checkbox }),
  createLabelSchema,
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
  z.object({
    intent: z.literal("edit-comment"),
    cardId: id,
    commentId: id,
    body: z.string().trim().min(1, { message: "Write a comment first." }).max(10_000),
  }),
  z.object({ intent: z.literal("delete-comment"), cardId: id, commentId: id }),
  z.object({ intent: z.literal("watch-card"), cardId: id, watching: checkbox }),
  linkScreenSchema,
  unlinkScreenSchema,
  setEstimateSchema,
  addDependencySchema,
  removeDependencySchema,
  setCardCycleSchema,
  addColumnSchema,
  updateColumnSchema,
  z.object({ intent: z.literal("shift-column"), columnId: id, direction: z.enum(["left", "right"]) }),
  z.object({ intent: z.literal("delete-column"), columnId: id, moveTo: optionalId.optional() }),
  updateProjectSchema,
  archiveProjectSchema,
  restoreProjectSchema,
  deleteProjectSchema,
]);

export type BoardIntent = z.infer<typeof boardIntentSchema>;
export type BoardIntentName = BoardIntent["intent"];

/**
 * A refused board post, as the page's action answers it (4xx): which intent, the status,
 * the message and its field, and conform's reply (every field's messages and what was
 * posted), which the conform-driven forms render and the others read their typed text from.
 */
export type BoardFailure = {
  ok: false;
  intent: string;
  status: number;
  message: string;
  field?: string;
  /** The machine-readable reason (`PROBLEM_CODES`, app/lib/problem.ts), when a service refused it. */
  code?: ProblemCode;
  reply: SubmissionResult<string[]>;
};

/** A refusal because someone else changed what the post was based on (a 409 `version_conflict`). */
export const isConflictFailure = (failure: BoardFailure | null | undefined): boolean => failure?.code === "version_conflict";

/** What the board page's action answers: nothing (it redirected) or a refusal. */
export type BoardActionData = BoardFailure | undefined;

/** The text fields a refused post carried, to show them again. */
export function postedValues(failure: BoardFailure | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(failure?.reply.initialValue ?? {})) if (typeof value === "string") out[name] = value;
  return out;
}

/** A reply that clears a conform form (its own refusal is over: a later post succeeded, or another form's failed). */
export const CLEAN_REPLY: SubmissionResult<string[]> = { initialValue: null };

/**
 * The reply one conform-driven form of the board shows: the refusal, when it came from
 * this form (`intent`, and the same values for the `match`ed fields, e.g. the column),
 * else `CLEAN_REPLY`.
 */
export function failureReply(
  failure: BoardFailure | null | undefined,
  intent: string,
  match: Record<string, string> = {},
): SubmissionResult<string[]> {
  if (!failure || failure.intent !== intent) return CLEAN_REPLY;
  const posted = postedValues(failure);
  return Object.entries(match).every(([name, value]) => posted[name] === value) ? failure.reply : CLEAN_REPLY;
}
