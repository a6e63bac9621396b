/**
 * /settings/integrations and "Import from Figma" on /wireframes (issue 22): the forms'
 * schemas, browser-safe. The server checks the rest (the Slack URL's host, the Figma link).
 */
import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { WIREFRAME_NAME_MAX } from "./wireframes";

const projectId = z
  .string({ error: "Choose a project." })
  .refine(isUuid, { message: "Choose a project." })
  .transform((s) => s.toLowerCase());

export const connectSlackSchema = z.object({
  intent: z.literal("connect-slack"),
  projectId,
  url: z
    .string({ error: "Paste the incoming-webhook URL Slack gave you." })
    .trim()
    .max(500, { message: "That is longer than any Slack webhook URL." }),
});

export const slackProjectSchema = z.object({ intent: z.enum(["test-slack", "disconnect-slack"]), projectId });

export const figmaImportSchema = z.object({
  intent: z.literal("import-figma"),
  projectId: z
    .string({ error: "Choose the project the wireframe goes into." })
    .refine(isUuid, { message: "Choose the project the wireframe goes into." })
    .transform((s) => s.toLowerCase()),
  url: z.string({ error: "Paste the Figma file's link." }).trim().max(2000, { message: "That link is too long to be a Figma file's." }),
  name: z
    .string()
    .trim()
    .max(WIREFRAME_NAME_MAX, { message: `Keep the wireframe's name to ${WIREFRAME_NAME_MAX} characters or fewer.` })
    .optional(),
});
