/**
 * /wireframes: the import form (issue 15). A file posted as multipart (our JSON export or an
 * Excalidraw scene), the project it goes into, and an optional name (the file's name
 * otherwise). Browser-safe: the server reads the file itself (app/.server/wireframes/import.ts).
 */
import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { WIREFRAME_NAME_MAX } from "./wireframes";

export const IMPORT_ACCEPT = ".json,.excalidraw,application/json";

export const importWireframeSchema = z.object({
  intent: z.literal("import"),
  file: z
    .instanceof(File, { message: "Choose a file to import: a wireframe's JSON export or an .excalidraw file." })
    .refine((f) => f.size > 0, { message: "The file is empty. Choose a wireframe's JSON export or an .excalidraw file." }),
  projectId: z
    .string({ error: "Choose the project the wireframe goes into." })
    .refine(isUuid, { message: "Choose the project the wireframe goes into." })
    .transform((s) => s.toLowerCase()),
  name: z
    .string()
    .trim()
    .max(WIREFRAME_NAME_MAX, { message: `Keep the wireframe's name to ${WIREFRAME_NAME_MAX} characters or fewer.` })
    .optional(),
});
