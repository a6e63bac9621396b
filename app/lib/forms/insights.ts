import { z } from "zod";

/** Dismiss or snooze one insight (POST /insights): which one, how, and the page to go back to. */
export const hideInsightSchema = z.object({
  insightId: z.string({ error: "Choose an insight." }).trim().min(1, { error: "Choose an insight." }).max(300),
  how: z.enum(["dismiss", "snooze"], { error: "Choose dismiss or snooze." }),
  redirectTo: z.string().optional(),
});
