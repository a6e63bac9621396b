import { z } from "zod";

/**
 * The card panel's screen-link forms (members of the board's one intent union,
 * app/lib/forms/board.ts): link a screen chosen in one select, unlink one. The select's
 * value carries the wireframe and the screen (`screenRef` in app/lib/wireframes/card-links.ts),
 * so the form works without JavaScript; the parsed intent has them apart.
 */
const cardId = z.string().uuid({ message: "Reload the page and try again." });
const SCREEN_REF = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([A-Za-z0-9_-]{1,64})$/i;
const screen = z
  .string({ message: "Choose a screen to link." })
  .regex(SCREEN_REF, { message: "Choose a screen to link." })
  .transform((ref) => {
    const [, wireframeId, screenId] = SCREEN_REF.exec(ref)!;
    return { wireframeId: wireframeId!, screenId: screenId! };
  });

export const linkScreenSchema = z.object({ intent: z.literal("link-screen"), cardId, screen });
export const unlinkScreenSchema = z.object({ intent: z.literal("unlink-screen"), cardId, screen });

export const SCREEN_LINK_INTENTS = ["link-screen", "unlink-screen"];
