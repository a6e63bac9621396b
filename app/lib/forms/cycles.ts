import { z } from "zod";
import { MAX_POINTS } from "../cycles";

/**
 * The forms of estimates, dependencies and cycles (issue 10). The card panel's are members of
 * the board's one intent union (app/lib/forms/board.ts): an estimate, a block, a cycle for the
 * card. The cycles page (/projects/:id/cycles) has its own union. Parse both without conform's
 * automatic coercion: an empty estimate or cycle means "none".
 */
const id = z.string().uuid({ message: "Reload the page and try again." });
const optionalId = z.preprocess((v) => (v === "" || v == null ? null : v), id.nullable());

/** 0 to 999 with at most one decimal; empty for no estimate. */
export const points = z.preprocess(
  (v) => {
    const s = v == null ? "" : String(v).trim().replace(",", ".");
    return s === "" ? null : s;
  },
  z
    .string()
    .regex(/^\d{1,3}(\.\d)?$/, { message: `Enter points from 0 to ${MAX_POINTS}, with at most one decimal (e.g. 2.5).` })
    .transform(Number)
    .nullable(),
);

export const setEstimateSchema = z.object({ intent: z.literal("set-estimate"), cardId: id, estimate: points });

export const addDependencySchema = z.object({
  intent: z.literal("add-dependency"),
  cardId: id,
  direction: z.enum(["blocked-by", "blocks"], { message: "Choose “blocked by” or “blocks”." }),
  other: z
    .string({ message: "Enter a card's number or title." })
    .trim()
    .min(1, { message: "Enter a card's number or title." })
    .max(200, { message: "Enter a card's number or title." }),
});

export const removeDependencySchema = z.object({
  intent: z.literal("remove-dependency"),
  cardId: id,
  blockerCardId: id,
  blockedCardId: id,
});

export const setCardCycleSchema = z.object({ intent: z.literal("set-card-cycle"), cardId: id, cycleId: optionalId });

/** The card panel's intents that show their refusals in their own forms. */
export const PLANNING_INTENTS = ["set-estimate", "add-dependency", "remove-dependency", "set-card-cycle"];

const DAY = z
  .string({ message: "Enter a date." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Enter a date (YYYY-MM-DD)." })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    message: "That is not a real date.",
  });

const cycleName = z
  .string({ message: "Name the cycle." })
  .trim()
  .min(1, { message: "Name the cycle." })
  .max(80, { message: "Keep the name under 80 characters." });

export const createCycleSchema = z
  .object({
    intent: z.literal("create-cycle"),
    name: cycleName,
    startsOn: DAY,
    endsOn: DAY,
  })
  .refine((v) => v.endsOn >= v.startsOn, { message: "The cycle must end on or after its start.", path: ["endsOn"] })
  .refine((v) => Date.parse(v.endsOn) - Date.parse(v.startsOn) <= 366 * 86_400_000, {
    message: "A cycle lasts at most a year.",
    path: ["endsOn"],
  });

export const addCycleCardSchema = z.object({
  intent: z.literal("add-card"),
  cycleId: id,
  card: z
    .string({ message: "Enter a card's number or title." })
    .trim()
    .min(1, { message: "Enter a card's number or title." })
    .max(200, { message: "Enter a card's number or title." }),
});

/** Any cycle can be renamed, a closed one too (its frozen report keeps its numbers). */
export const renameCycleSchema = z.object({ intent: z.literal("rename-cycle"), cycleId: id, name: cycleName });

/**
 * Deleting a cycle is asked twice on the page (a disclosure holds the real submit button, so it
 * works without JavaScript). Its cards stay on the board and leave the cycle; a closed cycle's
 * frozen report goes with it.
 */
export const deleteCycleSchema = z.object({ intent: z.literal("delete-cycle"), cycleId: id });

export const cyclePageIntentSchema = z.union([
  createCycleSchema,
  renameCycleSchema,
  deleteCycleSchema,
  addCycleCardSchema,
  z.object({ intent: z.literal("remove-card"), cycleId: id, cardId: id }),
  z.object({ intent: z.literal("close-cycle"), cycleId: id }),
  z.object({ intent: z.literal("move-unfinished"), cycleId: id, toCycleId: id }),
]);

export type CyclePageIntent = z.infer<typeof cyclePageIntentSchema>;
