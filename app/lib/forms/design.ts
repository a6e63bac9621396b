/**
 * The forms of the design-system manager (/design and /projects/{id}/design): one zod schema
 * per form, parsed by the route's server file and by the page's conform form, so both say the
 * same thing. Browser-safe: no server imports. The token form turns its friendly per-type
 * fields (colour hex or oklch, number and unit, layers of a shadow…) into the token's value;
 * the design-token library puts it in canonical DTCG form and checks it on the server.
 */
import { z } from "zod";
import { TOKEN_TYPES, type TokenType } from "~/lib/design-tokens/types";

export const TOKEN_PATH_MAX = 200;
export const JSON_MAX_CHARS = 1_000_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const SHADOW_LAYERS = 3;

export const TYPE_LABELS: Record<TokenType, string> = {
  color: "Colour",
  dimension: "Dimension",
  fontFamily: "Font family",
  fontWeight: "Font weight",
  duration: "Duration",
  cubicBezier: "Cubic Bézier",
  number: "Number",
  strokeStyle: "Stroke style",
  shadow: "Shadow",
  typography: "Typography",
  border: "Border",
  transition: "Transition",
  gradient: "Gradient",
};

export const EXPORT_FORMATS = ["dtcg", "tokens-studio", "css", "scss", "js", "dts", "tailwind4", "tailwind3"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const FORMAT_LABELS: Record<ExportFormat, string> = {
  dtcg: "DTCG JSON",
  "tokens-studio": "Tokens Studio JSON",
  css: "CSS custom properties",
  scss: "SCSS variables",
  js: "JavaScript module",
  dts: "TypeScript declarations",
  tailwind4: "Tailwind CSS v4 @theme",
  tailwind3: "Tailwind v3 theme.extend",
};

const RELOAD = "Reload the page and try again.";
const text = (max = 200) => z.string().trim().max(max).optional();

const setName = z.string({ error: "Choose a set." }).trim().min(1, { message: "Choose a set." }).max(60, { message: RELOAD });

export const tokenPath = z
  .string({ error: "Give the token a name, such as color.brand.500." })
  .trim()
  .min(1, { message: "Give the token a name, such as color.brand.500." })
  .max(TOKEN_PATH_MAX, { message: `Keep the name to ${TOKEN_PATH_MAX} characters or fewer.` })
  .regex(/^[^$.{}\s][^.{}]*(\.[^$.{}\s][^.{}]*)*$/, {
    message: "Use names separated by dots, such as color.brand.500 (no braces, no name starting with $).",
  });

const layer = z.object({
  color: text(120),
  offsetX: text(20),
  offsetY: text(20),
  blur: text(20),
  spread: text(20),
  inset: z.string().optional(),
});

/** Every field the token form may post; which are read depends on the type. */
const tokenFields = z.object({
  intent: z.literal("save-token"),
  set: setName,
  path: tokenPath,
  originalPath: z.string().trim().max(TOKEN_PATH_MAX).optional(),
  type: z.enum(TOKEN_TYPES, { error: "Choose a type." }),
  mode: z.enum(["value", "alias"]).optional(),
  alias: text(TOKEN_PATH_MAX + 2),
  description: z.string().trim().max(1000, { message: "Keep the description to 1,000 characters or fewer." }).optional(),
  // colour: the picker, hex and oklch (the one changed from its initial value wins; hex first)
  hex: text(40),
  oklch: text(80),
  picker: text(10),
  initialHex: text(40),
  initialOklch: text(80),
  // dimension / duration
  amount: text(30),
  unit: text(5),
  fontFamily: text(400),
  fontWeight: text(30),
  x1: text(20),
  y1: text(20),
  x2: text(20),
  y2: text(20),
  number: text(30),
  strokeStyle: text(20),
  layers: z.array(layer).max(SHADOW_LAYERS).optional(),
  // typography
  fontSize: text(30),
  lineHeight: text(30),
  letterSpacing: text(30),
  // border
  borderColor: text(80),
  borderWidth: text(30),
  borderStyle: text(20),
  // any type: the value as JSON (transition, gradient, or anything the fields do not cover)
  json: z.string().max(100_000, { message: "Keep the value under 100,000 characters." }).optional(),
});
type TokenFields = z.infer<typeof tokenFields>;

const num = (s: string | undefined) => (s !== undefined && s.trim() !== "" && Number.isFinite(Number(s)) ? Number(s) : undefined);
const dim = (s: string | undefined) => {
  if (!s) return undefined;
  const m = /^(-?\d*\.?\d+)\s*(px|rem)?$/.exec(s.trim());
  return m ? { value: Number(m[1]), unit: m[2] ?? "px" } : s.trim();
};
const alias = (s: string) => {
  const bare = s.trim().replace(/^\{|\}$/g, "");
  return `{${bare}}`;
};

type ValueResult = { value: unknown } | { error: string; field: string };

/** The value a token form's fields describe (legacy text is fine: the server canonicalises it). */
export function tokenValueFromFields(f: Partial<TokenFields> & { type: TokenType }): ValueResult {
  if (f.mode === "alias") {
    if (!f.alias) return { error: "Name the token this one refers to, such as color.blue.500.", field: "alias" };
    return { value: alias(f.alias) };
  }
  if (f.json && f.json.trim() !== "") {
    try {
      return { value: JSON.parse(f.json) };
    } catch {
      return { error: "This value is not valid JSON.", field: "json" };
    }
  }
  switch (f.type) {
    case "color": {
      const candidates: Array<[string | undefined, string | undefined, string]> = [
        [f.hex, f.initialHex, "hex"],
        [f.oklch, f.initialOklch, "oklch"],
        [f.picker, f.initialHex, "picker"],
      ];
      const changed = candidates.find(([v, initial]) => v && v.toLowerCase() !== (initial ?? "").toLowerCase());
      const chosen = changed?.[0] ?? f.hex ?? f.picker ?? f.oklch;
      if (!chosen) return { error: "Enter a colour as hex (#0f62fe) or oklch (oklch(0.55 0.2 260)).", field: "hex" };
      return { value: chosen };
    }
    case "dimension":
    case "duration": {
      const amount = num(f.amount);
      if (amount === undefined) return { error: "Enter a number.", field: "amount" };
      return { value: { value: amount, unit: f.unit || (f.type === "duration" ? "ms" : "px") } };
    }
    case "fontFamily": {
      const names = (f.fontFamily ?? "")
        .split(",")
        .map((n) => n.trim().replace(/^["']|["']$/g, ""))
        .filter(Boolean);
      if (names.length === 0) return { error: "Enter one or more font names, separated by commas.", field: "fontFamily" };
      return { value: names.length === 1 ? names[0] : names };
    }
    case "fontWeight":
      if (!f.fontWeight) return { error: "Choose a weight.", field: "fontWeight" };
      return { value: num(f.fontWeight) ?? f.fontWeight };
    case "number": {
      const n = num(f.number);
      if (n === undefined) return { error: "Enter a number.", field: "number" };
      return { value: n };
    }
    case "cubicBezier": {
      const points = [f.x1, f.y1, f.x2, f.y2].map(num);
      if (points.some((p) => p === undefined)) return { error: "Enter all four numbers of the curve.", field: "x1" };
      return { value: points };
    }
    case "strokeStyle":
      if (!f.strokeStyle) return { error: "Choose a stroke style.", field: "strokeStyle" };
      return { value: f.strokeStyle };
    case "shadow": {
      const layers = (f.layers ?? [])
        .filter((l) => l.color || l.offsetX || l.offsetY || l.blur || l.spread)
        .map((l) => ({
          color: l.color?.startsWith("{") || !l.color ? l.color || "#000000" : l.color,
          offsetX: dim(l.offsetX || "0"),
          offsetY: dim(l.offsetY || "0"),
          blur: dim(l.blur || "0"),
          spread: dim(l.spread || "0"),
          ...(l.inset === "on" || l.inset === "true" ? { inset: true } : {}),
        }));
      if (layers.length === 0) return { error: "Fill in at least one shadow layer.", field: "layers" };
      return { value: layers.length === 1 ? layers[0] : layers };
    }
    case "typography": {
      if (!f.fontFamily || !f.fontSize) return { error: "A typography token needs at least a font family and a size.", field: "fontSize" };
      const families = f.fontFamily
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      return {
        value: {
          fontFamily: families.length === 1 ? families[0] : families,
          fontSize: dim(f.fontSize),
          fontWeight: num(f.fontWeight) ?? f.fontWeight ?? 400,
          lineHeight: num(f.lineHeight) ?? f.lineHeight ?? 1.5,
          letterSpacing: dim(f.letterSpacing || "0"),
        },
      };
    }
    case "border":
      if (!f.borderColor || !f.borderWidth) return { error: "A border needs a colour and a width.", field: "borderWidth" };
      return { value: { color: f.borderColor, width: dim(f.borderWidth), style: f.borderStyle || "solid" } };
    case "transition":
    case "gradient":
      return { error: "Enter the value as JSON.", field: "json" };
  }
}

/** The token form's fields with the value check (the page's conform form: no transform, which conform's constraints cannot read). */
export const tokenFormFields = tokenFields.superRefine(
  (f, ctx) => {
    // Runs even when other fields failed (`f` may be partial then).
    if (!f || !(TOKEN_TYPES as readonly string[]).includes(f.type as string)) return;
    const result = tokenValueFromFields(f);
    if ("error" in result) ctx.addIssue({ code: "custom", message: result.error, path: [result.field] });
  },
  { when: () => true },
);

/** Create or edit a token: the friendly fields become `value` (their messages show with every other field's). */
export const tokenFormSchema = tokenFormFields.transform((f) => {
  const result = tokenValueFromFields(f);
  return {
    intent: f.intent,
    set: f.set,
    path: f.path,
    originalPath: f.originalPath || null,
    type: f.type,
    value: "value" in result ? result.value : undefined,
    description: f.description ?? "",
  };
});

export const deleteTokenSchema = z.object({ intent: z.literal("delete-token"), set: setName, path: tokenPath });
export const moveTokenSchema = z.object({ intent: z.literal("move-token"), set: setName, path: tokenPath, to: tokenPath });

export const setJsonSchema = z.object({
  intent: z.literal("save-set-json"),
  set: setName,
  json: z
    .string({ error: "Paste the set's tokens as JSON." })
    .min(1, { message: "Paste the set's tokens as JSON." })
    .max(JSON_MAX_CHARS, { message: "The JSON is too long (1,000,000 characters at most)." }),
});

const groupName = (what: string) =>
  z
    .string({ error: `Give the ${what} a name.` })
    .trim()
    .min(1, { message: `Give the ${what} a name.` })
    .max(60, { message: `Keep the ${what}'s name to 60 characters or fewer.` })
    .regex(/^[A-Za-z0-9][\w -]*$/, { message: "Use letters, digits, spaces, - or _, starting with a letter or digit." });

export const createSetSchema = z.object({ intent: z.literal("create-set"), name: groupName("set") });
export const deleteSetSchema = z.object({ intent: z.literal("delete-set"), name: setName });
export const moveSetSchema = z.object({ intent: z.literal("move-set"), name: setName, direction: z.enum(["up", "down"]) });
export const saveThemeSchema = z.object({
  intent: z.literal("save-theme"),
  name: groupName("theme"),
  originalName: z.string().trim().max(60).optional(),
  sets: z.array(setName, { error: "Choose at least one set for the theme." }).min(1, { message: "Choose at least one set for the theme." }),
});
export const deleteThemeSchema = z.object({ intent: z.literal("delete-theme"), name: setName });

export const publishSchema = z.object({
  intent: z.literal("publish"),
  version: z
    .string({ error: "Enter a version number such as 1.0.0." })
    .trim()
    .regex(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, {
      message: "Use a semantic version number such as 1.0.0 or 2.1.0-beta.1.",
    }),
  note: z.string().trim().max(2000, { message: "Keep the note to 2,000 characters or fewer." }).optional(),
});

const uuid = z.string({ error: RELOAD }).regex(/^[0-9a-f-]{36}$/i, { message: RELOAD });
export const createLinkSchema = z.object({ intent: z.literal("create-link"), versionId: uuid });
export const revokeLinkSchema = z.object({ intent: z.literal("revoke-link"), tokenId: uuid, versionId: uuid });

/** The schema of the form an intent names (the action parses with it). */
export function designSchemaFor(intent: unknown) {
  switch (intent) {
    case "save-token":
      return tokenFormSchema;
    case "delete-token":
      return deleteTokenSchema;
    case "move-token":
      return moveTokenSchema;
    case "save-set-json":
      return setJsonSchema;
    case "create-set":
      return createSetSchema;
    case "delete-set":
      return deleteSetSchema;
    case "move-set":
      return moveSetSchema;
    case "save-theme":
      return saveThemeSchema;
    case "delete-theme":
      return deleteThemeSchema;
    case "publish":
      return publishSchema;
    case "create-link":
      return createLinkSchema;
    case "revoke-link":
      return revokeLinkSchema;
    default:
      return null;
  }
}
