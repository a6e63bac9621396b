/**
 * The forms of the prototype player (/prototypes/{id}) and the shared player (/p/{token}):
 * one zod schema per form, parsed by the route's server file and by the page's conform form.
 * Browser-safe. Every form posts as plain HTML: a pin's spot comes from a click on the
 * screen's picture (an image button: spot.x and spot.y in the picture's px, and spotScale,
 * the screen's px per picture px), or from x and y, which a click fills in when JavaScript runs.
 */
import { z } from "zod";
import { isUuid } from "~/lib/ids";

export const COMMENT_MAX = 5000;
export const GUEST_NAME_MAX = 80;

const RELOAD = "Reload the page and try again.";
const uuid = z.string({ error: RELOAD }).refine(isUuid, { message: RELOAD });
const screenId = z.string({ error: RELOAD }).regex(/^[A-Za-z0-9_-]{1,64}$/, { message: RELOAD });
const coordinate = (axis: "x" | "y") =>
  z
    .number({ error: `Enter the spot's ${axis} in pixels, or click the screen.` })
    .min(0, { message: `The spot's ${axis} is on the screen (0 or more).` })
    .max(100_000, { message: `The spot's ${axis} is on the screen.` });
const body = z
  .string({ error: "Write a comment first." })
  .trim()
  .min(1, { message: "Write a comment first." })
  .max(COMMENT_MAX, { message: `Keep a comment to ${COMMENT_MAX.toLocaleString("en")} characters or fewer.` });

/** Share: a new link (expiry in days, or never; an optional password; whether guests may leave feedback). */
export const shareLinkSchema = z.object({
  intent: z.literal("share"),
  expiresInDays: z.enum(["1", "7", "30"], { error: "Choose when the link expires." }).optional(),
  password: z
    .string()
    .max(200, { message: "Keep the password to 200 characters or fewer." })
    .min(6, { message: "Use at least 6 characters for the password, or leave it empty." })
    .optional(),
  allowFeedback: z.boolean().optional(),
});

export const revokeLinkSchema = z.object({ intent: z.literal("revoke"), linkId: uuid });

const PLACE = "Click the screen where the pin goes.";
/** The spot of a new pin: x and y (screen px), or the click on the screen's picture. */
const spotFields = {
  x: coordinate("x").optional(),
  y: coordinate("y").optional(),
  spot: z.object({ x: z.number({ error: PLACE }).min(0), y: z.number({ error: PLACE }).min(0) }, { error: PLACE }).optional(),
  spotScale: z.number({ error: RELOAD }).positive({ message: RELOAD }).max(100, { message: RELOAD }).optional(),
};
function placed(v: { x?: number; y?: number; spot?: { x: number; y: number } }, ctx: z.RefinementCtx) {
  if ((v.x === undefined || v.y === undefined) && !v.spot) ctx.addIssue({ code: "custom", message: PLACE, path: ["spot"] });
}

/** The pin's spot in the screen's px: x and y when given, else the picture's click scaled up. */
export function pinSpot(v: { x?: number; y?: number; spot?: { x: number; y: number }; spotScale?: number }): { x: number; y: number } {
  if (v.x !== undefined && v.y !== undefined) return { x: v.x, y: v.y };
  const scale = v.spotScale ?? 1;
  return { x: Math.round((v.spot?.x ?? 0) * scale), y: Math.round((v.spot?.y ?? 0) * scale) };
}

/** A new pin: a spot on a screen and its first comment. */
export const pinSchema = z.object({ intent: z.literal("pin"), screenId, ...spotFields, body }).superRefine(placed);

export const replySchema = z.object({ intent: z.literal("reply"), pinId: uuid, body });

export const resolveSchema = z.object({ intent: z.enum(["resolve", "reopen"]), pinId: uuid });

/** Everything the member player's action takes. */
export const playerActionSchema = z.discriminatedUnion("intent", [
  shareLinkSchema,
  revokeLinkSchema,
  pinSchema,
  replySchema,
  resolveSchema,
]);

/** A link viewer's feedback (when the link allows it): their name, a spot and a comment. */
export const guestPinSchema = z
  .object({
    intent: z.literal("pin"),
    name: z
      .string({ error: "Tell us your name." })
      .trim()
      .min(1, { message: "Tell us your name." })
      .max(GUEST_NAME_MAX, { message: `Keep your name to ${GUEST_NAME_MAX} characters or fewer.` }),
    screenId,
    ...spotFields,
    body,
  })
  .superRefine(placed);

/** A password-protected link's gate. */
export const unlockSchema = z.object({
  intent: z.literal("unlock"),
  password: z
    .string({ error: "Enter the password." })
    .min(1, { message: "Enter the password." })
    .max(200, { message: "That password is not right." }),
});

export const sharedActionSchema = z.discriminatedUnion("intent", [guestPinSchema, unlockSchema]);
