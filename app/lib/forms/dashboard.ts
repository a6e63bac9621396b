import { z } from "zod";

/** The dashboard's quick create: a card in one of the workspace's projects. */
export const quickCreateSchema = z.object({
  projectId: z.uuid({ error: "Choose a project." }),
  title: z
    .string({ error: "Give the card a title." })
    .trim()
    .min(1, { error: "Give the card a title." })
    .max(200, { error: "Keep the title under 200 characters." }),
});
