import { z } from "zod";
import {
  ELEMENT_TYPES,
  SCHEMA_VERSION,
  UI_COMPONENTS,
  type ComponentDefinition,
  type ElementType,
  type Flow,
  type Interaction,
  type Op,
  type Screen,
  type WireframeDocument,
  type WireframeElement,
} from "./document";

/**
 * The one zod schema for everything wireframe that enters the server: whole documents,
 * patches (lists of ops), and main components' definitions. Browser-safe (the editor
 * validates its own patches with it before sending). A failure answers 400 naming the
 * path of the first issue (`firstIssuePath`), e.g. "elements.abc.fill" or "ops.3.value".
 */

/** Limits that keep one wireframe and one request small. */
export const LIMITS = {
  opsPerPatch: 2_000,
  elementsPerDocument: 20_000,
  screensPerDocument: 200,
  elementsPerComponent: 500,
  nameLength: 200,
  textLength: 10_000,
  /** Coordinates and sizes, px. */
  maxCoordinate: 100_000,
  maxSize: 100_000,
} as const;

// Element and screen ids: short, URL- and JSON-safe (newId() in ops.ts makes 12 characters).
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected an id of 1 to 64 letters, digits, _ or -.");
/** A fractional-index key (the `fractional-indexing` package's base-62 keys). */
export const orderKeySchema = z.string().max(128).refine(isOrderKey, "Expected a fractional-index order key.");

/** A key is a head letter, the integer digits it announces, then a fraction that never ends in 0. */
export function isOrderKey(key: string): boolean {
  if (!/^[A-Za-z][0-9A-Za-z]*$/.test(key)) return false;
  const head = key[0]!;
  const intLength = head >= "a" ? head.charCodeAt(0) - 97 + 2 : 90 - head.charCodeAt(0) + 2;
  if (key.length < intLength) return false;
  return key.length === intLength || !key.endsWith("0");
}

export const tokenRefSchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/, "Expected a design token path such as color.brand.500."),
});
export const colorSchema = z.union([
  z.string().regex(/^(#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?|transparent)$/, "Expected a colour (#rrggbb, #rrggbbaa or transparent)."),
  tokenRefSchema,
]);
/** CSS box-shadow text: offsets, blur, spread and a colour per layer (drawn by the renderer's shadow filter). */
export const shadowSchema = z.union([
  z
    .string()
    .max(300)
    .regex(/^[-#0-9A-Za-z.,()%/ ]+$/, "Expected a CSS shadow such as 0 2px 8px #0f172a33."),
  tokenRefSchema,
]);
const finite = z.number().finite();
export const lengthSchema = z.union([finite.min(0).max(LIMITS.maxSize), tokenRefSchema]);
const coordinate = finite.min(-LIMITS.maxCoordinate).max(LIMITS.maxCoordinate);
const size = finite.min(0).max(LIMITS.maxSize);
const name = z.string().max(LIMITS.nameLength);
const text = z.string().max(LIMITS.textLength);

export const textStyleSchema = z.strictObject({
  fontSize: z.union([finite.min(1).max(1000), tokenRefSchema]),
  fontWeight: z.union([z.literal(400), z.literal(500), z.literal(600), z.literal(700)]),
  align: z.enum(["left", "center", "right"]),
  color: colorSchema,
  lineHeight: finite.min(0.5).max(5),
});

const attachmentSchema = z.strictObject({ elementId: idSchema }).nullable();
const overrideSchema = z.strictObject({
  text: text.optional(),
  fill: colorSchema.nullable().optional(),
  hidden: z.boolean().optional(),
});

/**
 * Every settable element property and its schema. A `set-element` op's value is checked
 * against the schema of its key here; which keys an element type has is ELEMENT_KEYS below.
 */
export const elementPropertySchemas = {
  screenId: z.string().max(64),
  parentId: idSchema.nullable(),
  order: orderKeySchema,
  name,
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  fill: colorSchema.nullable(),
  stroke: colorSchema.nullable(),
  strokeWidth: finite.min(0).max(1000),
  radius: lengthSchema,
  shadow: shadowSchema.nullable().optional(),
  opacity: finite.min(0).max(1),
  locked: z.boolean(),
  hidden: z.boolean(),
  points: z.tuple([coordinate, coordinate, coordinate, coordinate]),
  vertices: z
    .array(z.tuple([finite.min(0).max(1), finite.min(0).max(1)]))
    .min(3, "A polygon has at least 3 vertices.")
    .max(1000, "A polygon has at most 1,000 vertices."),
  start: attachmentSchema,
  end: attachmentSchema,
  text,
  textStyle: textStyleSchema,
  fileId: z.guid().nullable(),
  alt: z.string().max(1000),
  icon: z.string().regex(/^[a-z0-9-]{1,40}$/, "Expected an icon name."),
  component: z.enum(UI_COMPONENTS),
  props: z
    .record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), z.union([z.string().max(2_000), finite, z.boolean()]))
    .refine((p) => Object.keys(p).length <= 40, "At most 40 props."),
  componentId: z.guid(),
  overrides: z.record(idSchema, overrideSchema).refine((o) => Object.keys(o).length <= LIMITS.elementsPerComponent, "Too many overrides."),
} as const;
export type ElementKey = keyof typeof elementPropertySchemas;

const BASE_KEYS = [
  "screenId",
  "parentId",
  "order",
  "name",
  "x",
  "y",
  "width",
  "height",
  "fill",
  "stroke",
  "strokeWidth",
  "radius",
  "shadow",
  "opacity",
  "locked",
  "hidden",
] as const satisfies readonly ElementKey[];

/** The properties each element type has, beside `id` and `type` (which never change). */
export const ELEMENT_KEYS: Record<ElementType, readonly ElementKey[]> = {
  rectangle: BASE_KEYS,
  ellipse: BASE_KEYS,
  polygon: [...BASE_KEYS, "vertices"],
  "image-placeholder": BASE_KEYS,
  line: [...BASE_KEYS, "points", "start", "end"],
  arrow: [...BASE_KEYS, "points", "start", "end"],
  text: [...BASE_KEYS, "text", "textStyle"],
  image: [...BASE_KEYS, "fileId", "alt"],
  icon: [...BASE_KEYS, "icon"],
  ui: [...BASE_KEYS, "component", "text", "textStyle", "props"],
  group: BASE_KEYS,
  instance: [...BASE_KEYS, "componentId", "overrides"],
};

function pick<K extends ElementKey>(keys: readonly K[]): { [P in K]: (typeof elementPropertySchemas)[P] } {
  return Object.fromEntries(keys.map((k) => [k, elementPropertySchemas[k]])) as { [P in K]: (typeof elementPropertySchemas)[P] };
}

function elementVariant<T extends ElementType>(type: T) {
  return z.strictObject({ id: idSchema, type: z.literal(type), ...pick(ELEMENT_KEYS[type]) });
}

/** One element, whatever its type (a discriminated union on `type`). */
export const elementSchema = z.discriminatedUnion(
  "type",
  ELEMENT_TYPES.map((t) => elementVariant(t)) as unknown as [ReturnType<typeof elementVariant>, ...ReturnType<typeof elementVariant>[]],
) as unknown as z.ZodType<WireframeElement>;

export const DEVICE_PRESETS = ["desktop", "laptop", "tablet", "mobile", "custom"] as const;

export const screenPropertySchemas = {
  name,
  order: orderKeySchema,
  device: z.enum(DEVICE_PRESETS),
  width: finite.min(1).max(LIMITS.maxSize),
  height: finite.min(1).max(LIMITS.maxSize),
  background: colorSchema,
} as const;
export type ScreenKey = keyof typeof screenPropertySchemas;
export const SCREEN_KEYS = Object.keys(screenPropertySchemas) as ScreenKey[];

export const screenSchema: z.ZodType<Screen> = z.strictObject({ id: idSchema, ...screenPropertySchemas });

/** An http or https address (prototype links open in a new tab; nothing else is allowed). */
export const prototypeUrlSchema = z
  .string()
  .max(2_000)
  .refine((u) => {
    try {
      const url = new URL(u);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Expected an http or https address.");

export const interactionPropertySchemas = {
  order: orderKeySchema,
  trigger: z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("click") }),
    z.strictObject({ type: z.literal("delay"), ms: z.number().int().min(0).max(600_000) }),
  ]),
  action: z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("navigate"), screenId: idSchema }),
    z.strictObject({ type: z.literal("back") }),
    z.strictObject({ type: z.literal("url"), url: prototypeUrlSchema }),
    z.strictObject({
      type: z.literal("overlay"),
      screenId: idSchema,
      position: z.strictObject({ x: coordinate, y: coordinate }).nullable(),
      backdrop: z.boolean(),
    }),
    z.strictObject({ type: z.literal("close-overlay") }),
  ]),
} as const;
export type InteractionKey = keyof typeof interactionPropertySchemas;
export const INTERACTION_KEYS = Object.keys(interactionPropertySchemas) as InteractionKey[];
export const interactionSchema = z.strictObject({
  id: idSchema,
  source: z.union([z.strictObject({ elementId: idSchema }), z.strictObject({ screenId: idSchema })]),
  ...interactionPropertySchemas,
}) as unknown as z.ZodType<Interaction>;

export const flowPropertySchemas = {
  name: z.string().trim().min(1, "A flow needs a name.").max(LIMITS.nameLength),
  order: orderKeySchema,
  startScreenId: idSchema,
} as const;
export type FlowKey = keyof typeof flowPropertySchemas;
export const FLOW_KEYS = Object.keys(flowPropertySchemas) as FlowKey[];
export const flowSchema = z.strictObject({ id: idSchema, ...flowPropertySchemas }) as unknown as z.ZodType<Flow>;

/** Click on elements, a delay on screens: why `trigger` does not fit the interaction's `source`, or null. */
export function triggerProblem(source: Interaction["source"], trigger: Interaction["trigger"]): string | null {
  if ("elementId" in source) return trigger.type === "click" ? null : "An element's interaction starts on a click.";
  return trigger.type === "delay" ? null : "A screen's interaction starts after a delay.";
}

/** The screen an action opens, if any. */
export function actionTarget(action: Interaction["action"]): string | null {
  return action.type === "navigate" || action.type === "overlay" ? action.screenId : null;
}

/** Broken references of interactions and flows (their element, screen or target is not in the document). */
export function prototypeIssues(doc: Pick<WireframeDocument, "screens" | "elements" | "interactions" | "flows">): Issue[] {
  const issues: Issue[] = [];
  for (const [key, it] of Object.entries(doc.interactions ?? {})) {
    const at = (field: string, message: string) => issues.push({ path: ["interactions", key, field], message });
    if (it.id !== key) at("id", "An interaction's id must be its key.");
    if ("elementId" in it.source && !doc.elements[it.source.elementId]) at("source", `No element has the id "${it.source.elementId}".`);
    if ("screenId" in it.source && !doc.screens[it.source.screenId]) at("source", `No screen has the id "${it.source.screenId}".`);
    const trigger = triggerProblem(it.source, it.trigger);
    if (trigger) at("trigger", trigger);
    const target = actionTarget(it.action);
    if (target !== null && !doc.screens[target]) at("action", `No screen has the id "${target}".`);
  }
  const flows = Object.entries(doc.flows ?? {});
  if (flows.length > 50) issues.push({ path: ["flows"], message: "At most 50 flows." });
  for (const [key, flow] of flows) {
    if (flow.id !== key) issues.push({ path: ["flows", key, "id"], message: "A flow's id must be its key." });
    if (!doc.screens[flow.startScreenId])
      issues.push({ path: ["flows", key, "startScreenId"], message: `No screen has the id "${flow.startScreenId}".` });
  }
  return issues;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * The references inside a set of elements: each element is stored under its own id, its
 * parent is a group on the same screen, groups do not contain themselves, and (for a
 * document) its screen exists. Returns the first broken one.
 */
export function referenceIssues(elements: Record<string, WireframeElement>, screens: Record<string, Screen> | null): Issue[] {
  const issues: Issue[] = [];
  for (const [key, el] of Object.entries(elements)) {
    const at = (field: string, message: string) => issues.push({ path: ["elements", key, field], message });
    if (el.id !== key) at("id", "An element's id must be the key it is stored under.");
    if (screens && !screens[el.screenId]) at("screenId", `No screen has the id "${el.screenId}".`);
    if (el.parentId !== null) {
      const parent = elements[el.parentId];
      if (!parent) at("parentId", `No element has the id "${el.parentId}".`);
      else if (parent.type !== "group") at("parentId", "An element's parent must be a group.");
      else if (parent.screenId !== el.screenId) at("parentId", "An element's parent must be on the same screen.");
      else {
        // Walk up: a group may not be its own ancestor.
        const seen = new Set([el.id]);
        let p: WireframeElement | undefined = parent;
        while (p) {
          if (seen.has(p.id)) {
            at("parentId", "Groups cannot contain themselves.");
            break;
          }
          seen.add(p.id);
          p = p.parentId ? elements[p.parentId] : undefined;
        }
      }
    }
  }
  return issues;
}

function addIssues(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

const elementsRecord = (max: number) =>
  z.record(z.string(), elementSchema).refine((r) => Object.keys(r).length <= max, `At most ${max} elements.`);

export const wireframeDocumentSchema: z.ZodType<WireframeDocument> = z
  .strictObject({
    schemaVersion: z.literal(SCHEMA_VERSION),
    screens: z
      .record(z.string(), screenSchema)
      .refine((r) => Object.keys(r).length <= LIMITS.screensPerDocument, `At most ${LIMITS.screensPerDocument} screens.`),
    elements: elementsRecord(LIMITS.elementsPerDocument),
    interactions: z
      .record(z.string(), interactionSchema)
      .refine((r) => Object.keys(r).length <= LIMITS.elementsPerDocument, "Too many interactions.")
      .optional(),
    flows: z.record(z.string(), flowSchema).optional(),
  })
  .superRefine((doc, ctx) => {
    for (const [key, screen] of Object.entries(doc.screens)) {
      if (screen.id !== key) ctx.addIssue({ code: "custom", path: ["screens", key, "id"], message: "A screen's id must be its key." });
    }
    addIssues(ctx, referenceIssues(doc.elements, doc.screens).slice(0, 1));
    addIssues(ctx, prototypeIssues(doc as WireframeDocument).slice(0, 1));
  }) as unknown as z.ZodType<WireframeDocument>;

/** A main component's definition: its elements relative to its own 0,0 (screenId ""). */
export const componentDefinitionSchema: z.ZodType<ComponentDefinition> = z
  .strictObject({
    schemaVersion: z.literal(SCHEMA_VERSION),
    width: finite.min(1).max(LIMITS.maxSize),
    height: finite.min(1).max(LIMITS.maxSize),
    elements: elementsRecord(LIMITS.elementsPerComponent).refine(
      (r) => Object.keys(r).length > 0,
      "A component needs at least one element.",
    ),
  })
  .superRefine((def, ctx) => {
    for (const [key, el] of Object.entries(def.elements)) {
      if (el.screenId !== "")
        ctx.addIssue({ code: "custom", path: ["elements", key, "screenId"], message: 'A component\'s elements have screenId "".' });
    }
    addIssues(ctx, referenceIssues(def.elements, null).slice(0, 1));
  }) as unknown as z.ZodType<ComponentDefinition>;

const settableElementKeys = Object.keys(elementPropertySchemas) as [ElementKey, ...ElementKey[]];

/** Copies the issues of a nested parse into `ctx`, under `prefix`. */
function forward(ctx: z.RefinementCtx, prefix: (string | number)[], error: z.ZodError) {
  for (const issue of error.issues) {
    ctx.addIssue({ code: "custom", path: [...prefix, ...(issue.path as (string | number)[])], message: issue.message });
  }
}

export const opSchema: z.ZodType<Op> = z.discriminatedUnion("op", [
  z.strictObject({ op: z.literal("add-element"), element: elementSchema }),
  z
    .strictObject({ op: z.literal("set-element"), id: idSchema, key: z.enum(settableElementKeys), value: z.unknown() })
    .superRefine((o, ctx) => {
      const r = elementPropertySchemas[o.key].safeParse(o.value);
      if (!r.success) forward(ctx, ["value"], r.error);
    }),
  z.strictObject({ op: z.literal("remove-element"), id: idSchema }),
  z.strictObject({ op: z.literal("add-screen"), screen: screenSchema }),
  z
    .strictObject({
      op: z.literal("set-screen"),
      id: idSchema,
      key: z.enum(SCREEN_KEYS as [ScreenKey, ...ScreenKey[]]),
      value: z.unknown(),
    })
    .superRefine((o, ctx) => {
      const r = screenPropertySchemas[o.key].safeParse(o.value);
      if (!r.success) forward(ctx, ["value"], r.error);
    }),
  z.strictObject({ op: z.literal("remove-screen"), id: idSchema }),
  z.strictObject({ op: z.literal("add-interaction"), interaction: interactionSchema }),
  z
    .strictObject({
      op: z.literal("set-interaction"),
      id: idSchema,
      key: z.enum(INTERACTION_KEYS as [InteractionKey, ...InteractionKey[]]),
      value: z.unknown(),
    })
    .superRefine((o, ctx) => {
      const r = interactionPropertySchemas[o.key].safeParse(o.value);
      if (!r.success) forward(ctx, ["value"], r.error);
    }),
  z.strictObject({ op: z.literal("remove-interaction"), id: idSchema }),
  z.strictObject({ op: z.literal("add-flow"), flow: flowSchema }),
  z
    .strictObject({ op: z.literal("set-flow"), id: idSchema, key: z.enum(FLOW_KEYS as [FlowKey, ...FlowKey[]]), value: z.unknown() })
    .superRefine((o, ctx) => {
      const r = flowPropertySchemas[o.key].safeParse(o.value);
      if (!r.success) forward(ctx, ["value"], r.error);
    }),
  z.strictObject({ op: z.literal("remove-flow"), id: idSchema }),
]) as unknown as z.ZodType<Op>;

/**
 * What the editor sends: who it is (one id per browser tab), the patch's own id (made by the
 * client and sent again with every retry: a replay changes nothing; optional for older
 * clients) and its ops, applied in order, atomically.
 */
export const patchSchema = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected a client id."),
  patchId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Expected a patch id of 8 to 64 letters, digits, _ or -.")
    .optional(),
  ops: z
    .array(opSchema)
    .min(1, "A patch needs at least one op.")
    .max(LIMITS.opsPerPatch, `A patch holds at most ${LIMITS.opsPerPatch} ops.`),
});

/** The dotted path of the first issue ("elements.abc.fill", "ops.3.value"), or "" for the root. */
export function firstIssuePath(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.path.map(String).join(".") : "";
}

/** The first issue as one line for a 400: `elements.abc.fill: Expected a colour…`. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid.";
  const path = firstIssuePath(error);
  return path ? `${path}: ${issue.message}` : issue.message;
}
