import { z } from "zod";

/** /analytics, "Ask about this project": the project and the question (POST, with JavaScript or without). */
export const askSchema = z.object({
  intent: z.literal("ask"),
  project: z.uuid({ error: "Choose a project first." }),
  question: z
    .string({ error: "Type a question, for example: which urgent cards are overdue?" })
    .trim()
    .min(3, { error: "Type a question, for example: which urgent cards are overdue?" })
    .max(300, { error: "Keep the question under 300 characters." }),
});
