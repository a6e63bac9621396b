import { z } from "zod";

/**
 * The projects' forms: a new project and restoring an archived one (/projects), and the
 * board's "Project settings" menu (/projects/:id: save, archive, restore, delete), which
 * the board's intents (./board.ts) include. Messages hold whether or not conform turns an
 * empty field into a missing one, so the list page (coerced) and the board (not) say the same.
 */
const projectName = z
  .string({ error: "Give the project a name." })
  .trim()
  .min(1, { error: "Give the project a name." })
  .max(200, { error: "Keep the name under 200 characters." });

export const createProjectSchema = z.object({
  intent: z.literal("create-project"),
  name: projectName,
  description: z.string().trim().max(5_000, { error: "Keep the description under 5,000 characters." }).optional(),
});

/** /projects?view=archived: each archived project's "Restore" button. */
export const restoreListedProjectSchema = z.object({
  intent: z.literal("restore-project"),
  projectId: z.string({ error: "Reload the page and try again." }).uuid({ error: "Reload the page and try again." }),
});

export const projectsPageSchema = z.discriminatedUnion("intent", [createProjectSchema, restoreListedProjectSchema]);

export const updateProjectSchema = z.object({
  intent: z.literal("update-project"),
  name: projectName,
  description: z.string().max(5_000).optional(),
});

export const archiveProjectSchema = z.object({ intent: z.literal("archive-project") });
export const restoreProjectSchema = z.object({ intent: z.literal("restore-project") });

/** The typed name is compared with the project's by the service, which knows it. */
export const deleteProjectSchema = z.object({ intent: z.literal("delete-project"), confirm: z.string() });
