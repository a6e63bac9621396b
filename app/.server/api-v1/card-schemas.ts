import { z } from "zod";
import "zod-openapi";
import { cardIdParams, projectIdParams } from "./schemas";

/**
 * The zod schemas of a card's attachments and dependencies and of the cycle writes (issue 22's
 * last card resources); the objects, bodies and paths as `schemas.ts` has the others.
 */

const uuid = z.uuid();
const timestamp = z.iso.datetime({ offset: true }).meta({ description: "An RFC 3339 time (UTC)." });
const day = z.iso.date().meta({ description: "A calendar day, YYYY-MM-DD." });

// ---- attachments ----

export const attachmentSchema = z
  .object({
    object: z.literal("attachment"),
    id: uuid,
    projectId: uuid,
    cardId: uuid,
    fileName: z.string(),
    contentType: z.string().meta({ description: "The type it was uploaded with; the download is sent with it." }),
    size: z.int().meta({ description: "Bytes." }),
    uploadedBy: uuid.nullable().meta({ description: "The member who uploaded it (null once their account is gone)." }),
    createdAt: timestamp,
    downloadUrl: z.string().meta({ description: "The address of its bytes (GET, with the same key)." }),
  })
  .meta({ id: "Attachment" });

export const attachmentParams = cardIdParams.extend({ attachmentId: uuid });

export const uploadQuery = z.object({
  filename: z
    .string()
    .trim()
    .min(1, "Name the file: ?filename=report.pdf")
    .max(255)
    .meta({ description: "The file's name, as downloads will give it (any path is dropped)." }),
});

// ---- dependencies ----

const cardRef = z
  .object({
    id: uuid,
    number: z.int(),
    title: z.string(),
    open: z.boolean().meta({ description: "Not in a completed or cancelled column." }),
  })
  .meta({ id: "DependencyCard" });

export const dependencySchema = z
  .object({
    object: z.literal("dependency"),
    blockerId: uuid.meta({ description: "The card that blocks." }),
    blockedId: uuid.meta({ description: "The card it blocks (blocked until the blocker is finished)." }),
    blocker: cardRef,
    blocked: cardRef,
  })
  .meta({ id: "Dependency" });

export const cardDependenciesSchema = z
  .object({
    object: z.literal("card_dependencies"),
    cardId: uuid,
    blockedBy: z.array(cardRef).meta({ description: "The cards that block this one." }),
    blocks: z.array(cardRef).meta({ description: "The cards this one blocks." }),
  })
  .meta({ id: "CardDependencies" });

export const dependencyDirection = z.enum(["blocks", "blocked_by"]);

export const createDependencyBody = z
  .object({
    cardId: uuid.meta({ description: "The other card, of the same project." }),
    direction: dependencyDirection.meta({
      description: "`blocked_by`: the other card blocks this one; `blocks`: this one blocks the other card.",
    }),
  })
  .meta({ id: "CreateDependency" });

export const dependencyParams = cardIdParams.extend({
  otherCardId: uuid.meta({ description: "The other card of the block, whichever way it goes." }),
});

// ---- cycles ----

export const cycleIdParams = projectIdParams.extend({ cycleId: uuid });

const cycleName = z.string().trim().min(1, "Name the cycle.").max(80, "Keep the name under 80 characters.");

export const createCycleBody = z
  .object({ name: cycleName, startsOn: day, endsOn: day })
  .refine((v) => v.endsOn >= v.startsOn, { message: "The cycle must end on or after its start.", path: ["endsOn"] })
  .refine((v) => Date.parse(v.endsOn) - Date.parse(v.startsOn) <= 366 * 86_400_000, {
    message: "A cycle lasts at most a year.",
    path: ["endsOn"],
  })
  .meta({ id: "CreateCycle" });

export const updateCycleBody = z
  .object({
    name: cycleName.optional(),
    startsOn: day.optional().meta({ description: "A new first day (an open cycle only)." }),
    endsOn: day.optional().meta({ description: "A new last day (an open cycle only)." }),
  })
  .meta({ id: "UpdateCycle" });

export type ApiAttachment = z.infer<typeof attachmentSchema>;
