import { z } from "zod";
import { SCHEMA_VERSION, type Screen, type TextStyle, type WireframeDocument, type WireframeElement } from "./document";
import { INK } from "./kit";
import { DIAMOND, defaultElement, newId } from "./elements";
import { keysBetween } from "./order";
import { LIMITS } from "./schema";
import { textWidth } from "./text";

/**
 * Excalidraw scenes (`.excalidraw`, JSON) as a wireframe document (issue 15's import).
 *
 * - frames become screens (their elements relative to the frame); elements outside every
 *   frame go on one more screen ("Canvas", or the only one when there are no frames), sized
 *   to what is drawn with a margin;
 * - rectangles, ellipses and text become ours; a diamond becomes a polygon (its fill kept);
 *   lines and arrows with more than two points become a group of segments
 *   (an arrow's last segment keeps the head); arrows bound to a shape stay attached to it;
 * - groups (`groupIds`, innermost first) become nested groups, in the scene's z-order;
 * - images come back as `images` for the server to store (then the element's fileId is set);
 * - what has no counterpart (freehand drawings, embeds, rotations, hatching, dashes…) is
 *   counted in `notes`, listed to the user after the import.
 * A scene that is not one (or an element whose fields are not what Excalidraw writes) is an
 * `ExcalidrawError` naming where: `elements[3].points: Expected an array.`
 */

export class ExcalidrawError extends Error {
  constructor(
    public path: string,
    message: string,
  ) {
    super(path ? `${path}: ${message}` : message);
    this.name = "ExcalidrawError";
  }
}

export type ExcalidrawImage = { elementId: string; mimeType: string; dataURL: string };
export type ImportNote = { what: string; count: number };
export type ExcalidrawImport = { document: WireframeDocument; images: ExcalidrawImage[]; notes: ImportNote[] };

/** Is this parsed JSON meant to be an Excalidraw scene (its `type`)? */
export function isExcalidrawScene(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "excalidraw";
}

const num = z.number().finite();
const point = z.tuple([num, num]).rest(num);
const binding = z.looseObject({ elementId: z.string() }).nullable().optional();

const sceneSchema = z.looseObject({
  type: z.literal("excalidraw"),
  elements: z
    .array(z.looseObject({ id: z.string().min(1), type: z.string(), isDeleted: z.boolean().optional() }))
    .max(LIMITS.elementsPerDocument),
  appState: z.looseObject({ viewBackgroundColor: z.string().optional() }).nullable().optional(),
  files: z
    .record(z.string(), z.looseObject({ mimeType: z.string().optional(), dataURL: z.string().optional() }))
    .nullable()
    .optional(),
});

const baseSchema = z.looseObject({
  x: num,
  y: num,
  width: num.min(0),
  height: num.min(0),
  angle: num.optional(),
  strokeColor: z.string().optional(),
  backgroundColor: z.string().optional(),
  fillStyle: z.string().optional(),
  strokeWidth: num.min(0).optional(),
  strokeStyle: z.string().optional(),
  opacity: num.min(0).max(100).optional(),
  groupIds: z.array(z.string()).optional(),
  frameId: z.string().nullable().optional(),
  roundness: z.looseObject({ type: num, value: num.optional() }).nullable().optional(),
  strokeSharpness: z.string().optional(),
  locked: z.boolean().optional(),
  link: z.string().nullable().optional(),
});
const linearSchema = baseSchema.extend({
  points: z.array(point).min(1),
  startBinding: binding,
  endBinding: binding,
  startArrowhead: z.string().nullable().optional(),
  endArrowhead: z.string().nullable().optional(),
});
const textSchema = baseSchema.extend({
  text: z.string().max(LIMITS.textLength),
  fontSize: num.min(1).max(1000),
  textAlign: z.string().optional(),
  lineHeight: num.optional(),
});
const imageSchema = baseSchema.extend({ fileId: z.string().nullable().optional() });
const frameSchema = baseSchema.extend({ name: z.string().nullable().optional() });

type Base = z.infer<typeof baseSchema> & { id: string; type: string };

function parse<T>(schema: z.ZodType<T>, value: unknown, at: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  throw new ExcalidrawError(`${at}${path}`.replace(/^\./, ""), issue.message);
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED: Record<string, string> = { black: "#000000", white: "#ffffff", red: "#ff0000", green: "#008000", blue: "#0000ff" };

/** An Excalidraw colour as ours (#rrggbb, #rrggbbaa or null for transparent); undefined when it is not one we read. */
function colour(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === "" || v === "transparent") return null;
  if (NAMED[v]) return NAMED[v];
  if (!HEX.test(v)) return undefined;
  if (v.length === 4 || v.length === 5) return `#${[...v.slice(1)].map((c) => c + c).join("")}`;
  return v;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Excalidraw's corner radius: proportional (a quarter of the short side), or adaptive (that, up to 32 px). */
function cornerRadius(el: Base): number {
  const short = Math.min(el.width, el.height);
  const type = el.roundness?.type ?? (el.strokeSharpness === "round" ? 2 : null);
  if (type === null) return 0;
  if (type === 3) {
    const fixed = el.roundness?.value ?? 32;
    return round(short <= fixed / 0.25 ? short * 0.25 : fixed);
  }
  return round(short * 0.25);
}

/** What the import could not map, one and many. */
const NOTES: Record<string, [string, string]> = {
  freedraw: ["freehand drawing (not imported)", "freehand drawings (not imported)"],
  embeddable: ["embedded web page (not imported)", "embedded web pages (not imported)"],
  iframe: ["embedded web page (not imported)", "embedded web pages (not imported)"],
  "svg-image": ["SVG image (not imported; PNG, JPEG, GIF and WebP are)", "SVG images (not imported; PNG, JPEG, GIF and WebP are)"],
  "missing-image": ["image whose file is not in the scene (imported empty)", "images whose file is not in the scene (imported empty)"],
  rotated: ["rotated element (imported without its rotation)", "rotated elements (imported without their rotation)"],
  hatched: ["hatched or zigzag fill (imported as a solid fill)", "hatched or zigzag fills (imported as solid fills)"],
  dashed: ["dashed or dotted stroke (imported as a solid stroke)", "dashed or dotted strokes (imported as solid strokes)"],
  "closed-fill": ["filled closed line (imported as an outline)", "filled closed lines (imported as outlines)"],
  curved: ["curved line (imported as straight segments)", "curved lines (imported as straight segments)"],
  colour: ["colour that is not a hex colour (imported as the default)", "colours that are not hex colours (imported as the default)"],
  link: ["element link (not imported)", "element links (not imported)"],
};

/** The scene as a wireframe document with its images and what could not be mapped. */
export function excalidrawToDocument(input: unknown, options: { name?: string } = {}): ExcalidrawImport {
  const scene = parse(sceneSchema, input, "");
  const counts = new Map<string, number>();
  const note = (key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);
  const live = scene.elements.map((el, index) => ({ el, index })).filter(({ el }) => !el.isDeleted);
  const background = colour(scene.appState?.viewBackgroundColor ?? undefined) ?? "#ffffff";

  // Frames first: they become screens.
  const frames = live.filter(({ el }) => el.type === "frame" || el.type === "magicframe");
  const frameById = new Map(
    frames.map(({ el, index }, i) => {
      const f = parse(frameSchema, el, `elements[${index}]`);
      return [el.id, { frame: f, index, name: f.name?.trim() || `Frame ${i + 1}` }] as const;
    }),
  );
  const shapes = live.filter(({ el }) => !frameById.has(el.id));
  if (shapes.length === 0 && frames.length === 0) throw new ExcalidrawError("elements", "The scene has nothing drawn in it to import.");

  // Read every element first (a bad one stops the import before anything is built).
  type Read = { index: number; el: Base; kind: string; raw: Record<string, unknown> };
  const read: Read[] = [];
  for (const { el, index } of shapes) {
    const at = `elements[${index}]`;
    switch (el.type) {
      case "rectangle":
      case "ellipse":
      case "diamond":
        read.push({ index, el: { ...parse(baseSchema, el, at), id: el.id, type: el.type }, kind: el.type, raw: el });
        break;
      case "line":
      case "arrow":
        read.push({ index, el: { ...parse(linearSchema, el, at), id: el.id, type: el.type }, kind: el.type, raw: el });
        break;
      case "text":
        read.push({ index, el: { ...parse(textSchema, el, at), id: el.id, type: el.type }, kind: "text", raw: el });
        break;
      case "image":
        read.push({ index, el: { ...parse(imageSchema, el, at), id: el.id, type: el.type }, kind: "image", raw: el });
        break;
      case "selection":
        break;
      default:
        note(NOTES[el.type] ? el.type : `other:${el.type}`);
    }
  }

  // Screens: one per frame, then the canvas for what lies outside every frame.
  const screens: Screen[] = [];
  const offsets = new Map<string | null, { screenId: string; dx: number; dy: number }>();
  const screenKeys = keysBetween(null, null, frames.length + 1);
  frames.forEach(({ el }, i) => {
    const { frame, name } = frameById.get(el.id)!;
    const screen: Screen = {
      id: newId(),
      name: name.slice(0, 120),
      order: screenKeys[i]!,
      device: "custom",
      width: Math.max(1, Math.round(frame.width)),
      height: Math.max(1, Math.round(frame.height)),
      background,
    };
    screens.push(screen);
    offsets.set(el.id, { screenId: screen.id, dx: frame.x, dy: frame.y });
  });
  const outside = read.filter((r) => !r.el.frameId || !frameById.has(r.el.frameId));
  if (outside.length > 0 || screens.length === 0) {
    const box = extent(outside.map((r) => r.el));
    const margin = 40;
    const screen: Screen = {
      id: newId(),
      name: (frames.length > 0 ? "Canvas" : options.name?.trim() || "Scene").slice(0, 120),
      order: screenKeys[frames.length]!,
      device: "custom",
      width: Math.max(100, Math.ceil(box.width + 2 * margin)),
      height: Math.max(100, Math.ceil(box.height + 2 * margin)),
      background,
    };
    screens.push(screen);
    offsets.set(null, { screenId: screen.id, dx: box.x - margin, dy: box.y - margin });
  }
  for (const s of screens) {
    if (s.width > LIMITS.maxSize || s.height > LIMITS.maxSize)
      throw new ExcalidrawError(
        "elements",
        `The drawing is larger than ${LIMITS.maxSize.toLocaleString("en-US")} px across; split it into frames.`,
      );
  }

  // Elements, each with the z-order index it takes among its siblings.
  type Made = { element: WireframeElement; z: number; groups: string[] };
  const made: Made[] = [];
  const idOf = new Map<string, WireframeElement>(); // Excalidraw id → ours (single elements only, for bindings)
  const images: ExcalidrawImage[] = [];
  const pendingBindings: { element: WireframeElement & { type: "line" | "arrow" }; start?: string; end?: string }[] = [];
  // Names of the groups the import makes for one scene element (a polyline's segments).
  const groupNames = new Map<string, string>();
  for (const r of read) {
    const el = r.el;
    const place = offsets.get(el.frameId && frameById.has(el.frameId) ? el.frameId : null)!;
    const x = round(el.x - place.dx);
    const y = round(el.y - place.dy);
    const stroke = colour(el.strokeColor);
    const fill = colour(el.backgroundColor);
    if (stroke === undefined || fill === undefined) note("colour");
    if (el.angle) note("rotated");
    if (el.link) note("link");
    if (el.strokeStyle && el.strokeStyle !== "solid") note("dashed");
    if (fill && el.fillStyle && el.fillStyle !== "solid" && r.kind !== "text" && r.kind !== "line" && r.kind !== "arrow") note("hatched");
    const common = {
      screenId: place.screenId,
      parentId: null,
      x,
      y,
      width: round(el.width),
      height: round(el.height),
      stroke: stroke === undefined ? INK : stroke,
      strokeWidth: round(el.strokeWidth ?? 2),
      opacity: Math.min(1, Math.max(0, (el.opacity ?? 100) / 100)),
      locked: el.locked === true,
    };
    const groups = el.groupIds ?? [];
    const add = (element: WireframeElement, extraGroups: string[] = []) =>
      made.push({ element, z: r.index, groups: [...extraGroups, ...groups] });
    switch (r.kind) {
      case "rectangle":
      case "ellipse": {
        const element = defaultElement(r.kind, {
          ...common,
          fill: fill === undefined ? null : fill,
          radius: r.kind === "rectangle" ? cornerRadius(el) : 0,
        });
        idOf.set(el.id, element);
        add(element);
        break;
      }
      case "diamond": {
        const element = defaultElement("polygon", {
          ...common,
          name: "Diamond",
          fill: fill === undefined ? null : fill,
          vertices: DIAMOND,
        });
        idOf.set(el.id, element);
        add(element);
        break;
      }
      case "line":
      case "arrow": {
        const line = el as z.infer<typeof linearSchema> & Base;
        const pts = line.points.map(([px, py]) => [x + px!, y + py!] as [number, number]);
        if (pts.length < 2) break;
        if (line.roundness || line.strokeSharpness === "round") {
          if (pts.length > 2) note("curved");
        }
        const closed = pts.length > 3 && pts[0]![0] === pts.at(-1)![0] && pts[0]![1] === pts.at(-1)![1];
        if (closed && fill) note("closed-fill");
        const endHead = r.kind === "arrow" && (line.endArrowhead === undefined ? true : line.endArrowhead !== null);
        const startHead = r.kind === "arrow" && Boolean(line.startArrowhead);
        const segments: WireframeElement[] = [];
        for (let i = 0; i < pts.length - 1; i++) {
          const a = pts[i]!;
          const b = pts[i + 1]!;
          const last = i === pts.length - 2;
          const first = i === 0;
          if (first && startHead && !(last && endHead)) segments.push(segment("arrow", common, [b[0], b[1], a[0], a[1]]));
          else if (last && endHead && first && startHead) {
            // Heads at both ends of one segment: two arrows from its middle.
            const m: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
            segments.push(segment("arrow", common, [m[0], m[1], a[0], a[1]]), segment("arrow", common, [m[0], m[1], b[0], b[1]]));
          } else segments.push(segment(last && endHead ? "arrow" : "line", common, [a[0], a[1], b[0], b[1]]));
        }
        if (segments.length === 1) {
          const only = segments[0] as WireframeElement & { type: "line" | "arrow" };
          idOf.set(el.id, only);
          add(only);
          pendingBindings.push({ element: only, start: line.startBinding?.elementId, end: line.endBinding?.elementId });
        } else {
          const key = `${r.kind}:${el.id}`;
          groupNames.set(key, r.kind === "arrow" ? "Arrow" : "Line");
          for (const s of segments) add(s, [key]);
        }
        break;
      }
      case "text": {
        const t = el as z.infer<typeof textSchema> & Base;
        const align: TextStyle["align"] = t.textAlign === "center" || t.textAlign === "right" ? t.textAlign : "left";
        const lineHeight = Math.min(5, Math.max(0.5, t.lineHeight ?? 1.25));
        // Our text wraps by an average glyph width: widen the box to its longest line, so
        // the lines break where the scene's do (keeping the side it is aligned to).
        const needed = Math.max(...t.text.split("\n").map((l) => textWidth(l, t.fontSize, 400)));
        const width = Math.max(common.width, Math.ceil(needed));
        const shift = align === "center" ? (width - common.width) / 2 : align === "right" ? width - common.width : 0;
        const element = defaultElement("text", {
          ...common,
          x: round(x - shift),
          width,
          fill: null,
          stroke: null,
          strokeWidth: 0,
          text: t.text,
          name: t.text.split("\n")[0]!.slice(0, 60) || "Text",
          textStyle: {
            fontSize: t.fontSize,
            fontWeight: 400,
            align,
            color: stroke ?? INK,
            lineHeight,
          },
        });
        idOf.set(el.id, element);
        add(element);
        break;
      }
      case "image": {
        const fileId = (el as z.infer<typeof imageSchema>).fileId;
        const file = fileId ? scene.files?.[fileId] : undefined;
        const element = defaultElement("image", { ...common, fill: null, stroke: null, strokeWidth: 0, fileId: null, alt: "" });
        if (!file?.dataURL) note("missing-image");
        else if (!/^data:image\/(png|jpeg|gif|webp);base64,/i.test(file.dataURL)) {
          note("svg-image");
          break;
        } else images.push({ elementId: element.id, mimeType: file.mimeType ?? "", dataURL: file.dataURL });
        idOf.set(el.id, element);
        add(element);
        break;
      }
    }
  }
  // Bound arrows follow the shape they point at (when it became one element of ours on the same screen).
  const target = (sceneId: string | undefined, line: WireframeElement) => {
    const el = sceneId ? idOf.get(sceneId) : undefined;
    return el && el.id !== line.id && el.screenId === line.screenId ? { elementId: el.id } : null;
  };
  for (const b of pendingBindings) {
    b.element.start = target(b.start, b.element);
    b.element.end = target(b.end, b.element);
  }

  const document = assemble(screens, made, groupNames);
  const notes: ImportNote[] = [];
  for (const [key, count] of counts) {
    const [one, many] = NOTES[key] ?? [
      `element of type “${key.slice(6)}” (not imported)`,
      `elements of type “${key.slice(6)}” (not imported)`,
    ];
    notes.push({ what: count === 1 ? one : many, count });
  }
  return { document, images, notes };

  function segment(type: "line" | "arrow", common: Record<string, unknown>, [x1, y1, x2, y2]: [number, number, number, number]) {
    const left = Math.min(x1, x2);
    const top = Math.min(y1, y2);
    return defaultElement(type, {
      ...common,
      x: round(left),
      y: round(top),
      width: round(Math.abs(x2 - x1)),
      height: round(Math.abs(y2 - y1)),
      fill: null,
      points: [round(x1 - left), round(y1 - top), round(x2 - left), round(y2 - top)],
    } as Partial<WireframeElement & { type: "line" }>);
  }
}

function extent(els: { x: number; y: number; width: number; height: number }[]) {
  if (els.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const x = Math.min(...els.map((e) => e.x));
  const y = Math.min(...els.map((e) => e.y));
  const right = Math.max(...els.map((e) => e.x + e.width));
  const bottom = Math.max(...els.map((e) => e.y + e.height));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The document: groups made from `groupIds` (innermost first) per screen, nested as in the
 * scene, each sized to its members; siblings ordered by the scene's z-order (a group where
 * its lowest member is).
 */
function assemble(
  screens: Screen[],
  made: { element: WireframeElement; z: number; groups: string[] }[],
  groupNames: Map<string, string>,
): WireframeDocument {
  const elements: Record<string, WireframeElement> = {};
  const groupIds = new Map<string, WireframeElement>(); // `${screenId}:${sceneGroupId}` → our group
  const z = new Map<string, number>();
  const group = (screenId: string, sceneId: string, zIndex: number) => {
    const key = `${screenId}:${sceneId}`;
    let g = groupIds.get(key);
    if (!g) {
      g = defaultElement("group", { screenId, name: groupNames.get(sceneId) ?? "Group" });
      groupIds.set(key, g);
      elements[g.id] = g;
    }
    z.set(g.id, Math.min(z.get(g.id) ?? Infinity, zIndex));
    return g;
  };
  for (const { element, z: zIndex, groups } of made) {
    elements[element.id] = element;
    z.set(element.id, zIndex);
    // Walk out from the innermost group: each is the parent of the one inside it.
    let child: WireframeElement = element;
    for (const sceneId of groups) {
      const g = group(element.screenId, sceneId, zIndex);
      if (child.parentId === null) child.parentId = g.id;
      child = g;
    }
  }
  // Groups take their members' bounding box, inner groups first.
  const depth = (el: WireframeElement): number => (el.parentId ? depth(elements[el.parentId]!) + 1 : 0);
  const groups = [...groupIds.values()].sort((a, b) => depth(b) - depth(a));
  for (const g of groups) {
    const box = extent(Object.values(elements).filter((e) => e.parentId === g.id));
    Object.assign(g, { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) });
  }
  // Order keys among siblings, by z-order.
  const siblings = new Map<string, WireframeElement[]>();
  for (const el of Object.values(elements)) {
    const key = `${el.screenId}/${el.parentId ?? ""}`;
    const list = siblings.get(key) ?? [];
    list.push(el);
    siblings.set(key, list);
  }
  for (const list of siblings.values()) {
    list.sort((a, b) => z.get(a.id)! - z.get(b.id)!);
    const keys = keysBetween(null, null, list.length);
    list.forEach((el, i) => (el.order = keys[i]!));
  }
  return { schemaVersion: SCHEMA_VERSION, screens: Object.fromEntries(screens.map((s) => [s.id, s])), elements };
}
