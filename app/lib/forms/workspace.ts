import { z } from "zod";

/** The settings page's workspace forms (/settings): rename and readdress, create another, delete. */
const name = z
  .string({ error: "Give the workspace a name." })
  .trim()
  .min(1, { error: "Give the workspace a name." })
  .max(80, { error: "Keep the name under 80 characters." });

export const updateWorkspaceSchema = z.object({
  intent: z.literal("update-workspace"),
  name,
  slug: z
    .string({ error: "The address needs at least 2 characters." })
    .trim()
    .toLowerCase()
    .min(2, { error: "The address needs at least 2 characters." })
    .max(40, { error: "Keep the address under 40 characters." })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "Use lower-case letters, digits and single hyphens." }),
});

export const createWorkspaceSchema = z.object({ intent: z.literal("create-workspace"), name });

/** The typed name is compared with the workspace's by the service, which knows it. */
export const deleteWorkspaceSchema = z.object({ intent: z.literal("delete-workspace"), confirm: z.string().default("") });

/** Whether card titles may be sent to the language model (a checkbox: absent means no). */
export const llmSettingsSchema = z.object({ intent: z.literal("update-llm"), shareCardTitles: z.boolean().default(false) });

export const settingsSchema = z.discriminatedUnion("intent", [
  updateWorkspaceSchema,
  createWorkspaceSchema,
  deleteWorkspaceSchema,
  llmSettingsSchema,
]);
