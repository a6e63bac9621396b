/**
 * The forms of the Wireframes pages (/wireframes, /wireframes/editor, /wireframes/templates,
 * /wireframes/library, /projects/{id}/wireframes): one zod schema per form, parsed by the
 * route's server file (`parseSubmission`) and by the page's conform form, so both say the
 * same thing. Browser-safe: no server imports, nothing heavy (template and kit data stay out).
 *
 * A page with several forms tells them apart by their `intent` field; its action parses the
 * union of its forms' schemas (`…ActionSchema`).
 */
import { z } from "zod";
import { isUuid } from "~/lib/ids";

export const WIREFRAME_NAME_MAX = 120;
export const COMPONENT_NAME_MAX = 120;
export const SEARCH_MAX = 100;
/** A custom screen's width and height, px. */
export const SCREEN_SIZE_MIN = 100;
export const SCREEN_SIZE_MAX = 10_000;

export const DEVICE_CHOICES = ["desktop", "laptop", "tablet", "mobile", "custom"] as const;
export type DeviceChoice = (typeof DEVICE_CHOICES)[number];

const RELOAD = "Reload the page and try again.";

const id = (what: string) =>
  z
    .string({ error: `Choose ${what}.` })
    .refine(isUuid, { message: RELOAD })
    .transform((s) => s.toLowerCase());

const wireframeName = z
  .string({ error: "Give the wireframe a name." })
  .trim()
  .min(1, { message: "Give the wireframe a name." })
  .max(WIREFRAME_NAME_MAX, { message: `Keep the wireframe's name to ${WIREFRAME_NAME_MAX} characters or fewer.` });

const componentName = z
  .string({ error: "Give the component a name." })
  .trim()
  .min(1, { message: "Give the component a name." })
  .max(COMPONENT_NAME_MAX, { message: `Keep the component's name to ${COMPONENT_NAME_MAX} characters or fewer.` });

const templateId = z
  .string({ error: "Choose a template." })
  .trim()
  .max(60, { message: RELOAD })
  .regex(/^[a-z0-9-]+$/, { message: RELOAD });

const size = (what: "width" | "height") =>
  z
    .number({ error: `Enter the ${what} in pixels.` })
    .int({ message: `Enter the ${what} as a whole number of pixels.` })
    .min(SCREEN_SIZE_MIN, { message: `The ${what} is at least ${SCREEN_SIZE_MIN} px.` })
    .max(SCREEN_SIZE_MAX, { message: `The ${what} is at most ${SCREEN_SIZE_MAX} px.` });

/** /wireframes/editor: start a wireframe (blank or from a template) in a project. */
export const newWireframeSchema = z
  .object({
    intent: z.literal("create"),
    projectId: id("a project"),
    name: wireframeName,
    device: z.enum(DEVICE_CHOICES, { error: "Choose a device." }),
    // The custom size is read only for "custom"; a preset ignores whatever is in them.
    width: z.unknown().optional(),
    height: z.unknown().optional(),
    /** Empty (or "blank") for a blank screen. */
    templateId: z
      .string()
      .trim()
      .max(60, { message: RELOAD })
      .regex(/^[a-z0-9-]*$/, { message: RELOAD })
      .optional(),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields failed, so every message shows at once (`value` may be partial then).
      if (value?.device !== "custom") return;
      for (const key of ["width", "height"] as const) {
        const raw = value[key];
        const parsed = size(key).safeParse(typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: [key], message: parsed.error.issues[0]!.message });
      }
    },
    { when: () => true },
  );

/**
 * What the create service takes, from a parsed submission: a preset's size comes from the
 * preset (the custom fields are ignored), and an empty or "blank" template means none.
 */
export function newWireframeInput(value: z.output<typeof newWireframeSchema>) {
  const templateId = value.templateId && value.templateId !== "blank" ? value.templateId : undefined;
  const base = { projectId: value.projectId, name: value.name, templateId };
  if (value.device !== "custom") return { ...base, device: value.device };
  return { ...base, device: value.device, width: Number(value.width), height: Number(value.height) };
}

/** A list's rename form (one per wireframe). */
export const renameWireframeSchema = z.object({ intent: z.literal("rename"), wireframeId: id("a wireframe"), name: wireframeName });
/** A list's duplicate button. */
export const duplicateWireframeSchema = z.object({ intent: z.literal("duplicate"), wireframeId: id("a wireframe") });
/** A list's delete confirmation. */
export const deleteWireframeSchema = z.object({ intent: z.literal("delete"), wireframeId: id("a wireframe") });

/** Every form of /wireframes and /projects/{id}/wireframes. */
export const wireframeListActionSchema = z.discriminatedUnion("intent", [
  renameWireframeSchema,
  duplicateWireframeSchema,
  deleteWireframeSchema,
]);

/** The list's filters, kept in the URL (a GET form): `?project=<id>&q=<name>`. Bad values are ignored. */
export function readWireframeFilters(params: URLSearchParams): { projectId: string | null; q: string } {
  const project = params.get("project") ?? "";
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  return { projectId: isUuid(project) ? project.toLowerCase() : null, q };
}

/** /wireframes/templates: a new wireframe from a template. */
export const templateNewWireframeSchema = z.object({
  intent: z.literal("new-from-template"),
  templateId,
  projectId: id("a project"),
  name: wireframeName,
});
/** /wireframes/templates: the template as a new screen of an existing wireframe. */
export const addTemplateScreenSchema = z.object({
  intent: z.literal("add-screen"),
  templateId,
  wireframeId: id("a wireframe"),
});
export const templateActionSchema = z.discriminatedUnion("intent", [templateNewWireframeSchema, addTemplateScreenSchema]);

/** /wireframes/library: the workspace's own components. */
export const renameComponentSchema = z.object({
  intent: z.literal("rename-component"),
  componentId: id("a component"),
  name: componentName,
});
export const deleteComponentSchema = z.object({ intent: z.literal("delete-component"), componentId: id("a component") });
export const libraryActionSchema = z.discriminatedUnion("intent", [renameComponentSchema, deleteComponentSchema]);
