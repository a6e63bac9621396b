import { z } from "zod";
import { SCHEMA_VERSION, type Screen, type TextStyle, type WireframeDocument, type WireframeElement } from "~/lib/wireframes/document";
import { defaultElement, newId } from "~/lib/wireframes/elements";
import type { ImportNote } from "~/lib/wireframes/excalidraw";
import { keysBetween } from "~/lib/wireframes/order";
import { LIMITS } from "~/lib/wireframes/schema";

/**
 * A Figma file (the REST API's `GET /v1/files/:key`, typed by `@figma/rest-api-spec`) as a
 * wireframe document (issue 22):
 * - each page's top-level frames (and components) become screens, in page order, their
 *   layers placed relative to the frame; layers outside every frame are counted, not imported;
 * - frames, groups, components and instances inside a frame become groups (a nested frame's
 *   own fill or stroke becomes a rectangle behind its children); rectangles and ellipses become
 *   ours with their corner radius; text keeps its characters, font size, weight, alignment,
 *   line height and colour; lines become lines; vectors, stars, polygons and boolean shapes
 *   become shapes of their bounding box;
 * - fills and strokes: the topmost visible solid paint (its opacity folded into the colour), a
 *   gradient's first stop; a layer filled with an image becomes an image, whose picture the
 *   server fetches through `GET /v1/images/:key` (`images` lists the node ids);
 * - what has no counterpart (rotations, effects, stickies, connectors, embeds…) is counted in
 *   `notes`, listed to the user as the Excalidraw import lists its own.
 */

const num = z.number().finite();
const rgba = z.looseObject({ r: num, g: num, b: num, a: num.optional() });
const paint = z.looseObject({
  type: z.string(),
  visible: z.boolean().optional(),
  opacity: num.optional(),
  color: rgba.optional(),
  gradientStops: z.array(z.looseObject({ color: rgba })).optional(),
});
const box = z.looseObject({ x: num, y: num, width: num, height: num });
type FigmaNode = {
  id: string;
  name?: string;
  type: string;
  visible?: boolean;
  opacity?: number;
  rotation?: number;
  absoluteBoundingBox?: z.infer<typeof box> | null;
  fills?: z.infer<typeof paint>[];
  strokes?: z.infer<typeof paint>[];
  strokeWeight?: number;
  cornerRadius?: number;
  effects?: { visible?: boolean }[];
  characters?: string;
  style?: { fontSize?: number; fontWeight?: number; textAlignHorizontal?: string; lineHeightPx?: number };
  children?: FigmaNode[];
};
const node: z.ZodType<FigmaNode> = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string().optional(),
    type: z.string(),
    visible: z.boolean().optional(),
    opacity: num.optional(),
    rotation: num.optional(),
    absoluteBoundingBox: box.nullable().optional(),
    fills: z.array(paint).optional(),
    strokes: z.array(paint).optional(),
    strokeWeight: num.optional(),
    cornerRadius: num.optional(),
    effects: z.array(z.looseObject({ visible: z.boolean().optional() })).optional(),
    characters: z.string().optional(),
    style: z
      .looseObject({
        fontSize: num.optional(),
        fontWeight: num.optional(),
        textAlignHorizontal: z.string().optional(),
        lineHeightPx: num.optional(),
      })
      .optional(),
    children: z.array(node).optional(),
  }),
);
export const figmaFileSchema = z.looseObject({
  name: z.string(),
  document: z.looseObject({
    type: z.literal("DOCUMENT"),
    children: z.array(z.looseObject({ type: z.string(), children: z.array(node).optional(), backgroundColor: rgba.optional() })),
  }),
});

export type FigmaImport = { document: WireframeDocument; images: { elementId: string; nodeId: string }[]; notes: ImportNote[] };

const SCREEN_TYPES = new Set(["FRAME", "COMPONENT", "COMPONENT_SET"]);
const CONTAINER_TYPES = new Set(["FRAME", "GROUP", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]);
const SHAPE_TYPES = new Set(["VECTOR", "STAR", "REGULAR_POLYGON", "BOOLEAN_OPERATION"]);

const NOTES: Record<string, [string, string]> = {
  outside: ["layer outside every frame (not imported)", "layers outside every frame (not imported)"],
  rotation: ["rotated layer (drawn unrotated)", "rotated layers (drawn unrotated)"],
  effects: ["layer with shadows or blurs (left out)", "layers with shadows or blurs (left out)"],
  gradient: ["gradient fill (its first colour used)", "gradient fills (their first colour used)"],
  vector: ["vector or boolean shape (drawn as its bounding box)", "vector or boolean shapes (drawn as their bounding box)"],
  instance: ["component instance (imported as a group)", "component instances (imported as groups)"],
  nobox: ["layer without a position (left out)", "layers without a position (left out)"],
  limit: ["layer past the document's size limit (left out)", "layers past the document's size limit (left out)"],
};

const round = (n: number) => Math.round(n * 100) / 100;
const hex2 = (v: number) =>
  Math.round(Math.min(1, Math.max(0, v)) * 255)
    .toString(16)
    .padStart(2, "0");

function colour(c: z.infer<typeof rgba>, opacity = 1): string {
  const a = (c.a ?? 1) * opacity;
  return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}${a < 1 ? hex2(a) : ""}`;
}

export function figmaToDocument(input: unknown): FigmaImport {
  const file = figmaFileSchema.parse(input);
  const counts = new Map<string, number>();
  const note = (key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);
  const screens: Screen[] = [];
  const elements: Record<string, WireframeElement> = {};
  const images: FigmaImport["images"] = [];
  let total = 0;

  /** The paint a fill or stroke list shows: the topmost visible one we can draw. */
  function paintOf(paints: FigmaNode["fills"]): string | null {
    const visible = (paints ?? []).filter((p) => p.visible !== false);
    for (const p of [...visible].reverse()) {
      if (p.type === "SOLID" && p.color) return colour(p.color, p.opacity ?? 1);
      if (p.type.startsWith("GRADIENT_") && p.gradientStops?.[0]) {
        note("gradient");
        return colour(p.gradientStops[0].color, p.opacity ?? 1);
      }
    }
    return null;
  }
  const hasImage = (n: FigmaNode) => (n.fills ?? []).some((p) => p.type === "IMAGE" && p.visible !== false);

  function place(n: FigmaNode, screen: Screen, origin: { x: number; y: number }, parentId: string | null): WireframeElement[] {
    const b = n.absoluteBoundingBox;
    if (!b) {
      note("nobox");
      return [];
    }
    if (total >= LIMITS.elementsPerDocument - 2) {
      note("limit");
      return [];
    }
    if (n.rotation && Math.abs(n.rotation) > 0.001) note("rotation");
    if ((n.effects ?? []).some((e) => e.visible !== false)) note("effects");
    const common = {
      screenId: screen.id,
      parentId,
      name: (n.name || n.type.toLowerCase()).slice(0, LIMITS.nameLength),
      x: round(b.x - origin.x),
      y: round(b.y - origin.y),
      width: round(Math.max(0, b.width)),
      height: round(Math.max(0, b.height)),
      opacity: Math.min(1, Math.max(0, n.opacity ?? 1)),
      hidden: n.visible === false,
      fill: paintOf(n.fills),
      stroke: paintOf(n.strokes),
      strokeWidth: (n.strokes ?? []).some((p) => p.visible !== false) ? round(Math.min(100, n.strokeWeight ?? 1)) : 0,
      radius: round(Math.min(1000, n.cornerRadius ?? 0)),
    };
    const out: WireframeElement[] = [];
    const add = (el: WireframeElement) => {
      elements[el.id] = el;
      out.push(el);
      total += 1;
      return el;
    };
    if (hasImage(n) && !CONTAINER_TYPES.has(n.type)) {
      const el = add(defaultElement("image", { ...common, fill: null, alt: common.name }));
      images.push({ elementId: el.id, nodeId: n.id });
      return out;
    }
    if (CONTAINER_TYPES.has(n.type)) {
      if (n.type === "INSTANCE") note("instance");
      const group = add(defaultElement("group", { ...common, fill: null, stroke: null, strokeWidth: 0, radius: 0 }));
      const children: WireframeElement[] = [];
      if (hasImage(n)) {
        const bg = add(
          defaultElement("image", { ...common, parentId: group.id, name: `${common.name} image`, fill: null, alt: common.name }),
        );
        images.push({ elementId: bg.id, nodeId: n.id });
        children.push(bg);
      } else if (common.fill || common.strokeWidth) {
        children.push(
          add(defaultElement("rectangle", { ...common, parentId: group.id, name: `${common.name} background`, hidden: false })),
        );
      }
      for (const child of n.children ?? []) children.push(...place(child, screen, origin, group.id));
      order(children.filter((c) => c.parentId === group.id));
      return out;
    }
    switch (n.type) {
      case "RECTANGLE":
        add(defaultElement("rectangle", common));
        break;
      case "ELLIPSE":
        add(defaultElement("ellipse", { ...common, radius: 0 }));
        break;
      case "LINE": {
        const stroke = common.stroke ?? common.fill ?? "#000000";
        add(
          defaultElement("line", {
            ...common,
            fill: null,
            stroke,
            strokeWidth: Math.max(1, common.strokeWidth),
            radius: 0,
            points: [0, 0, common.width, common.height],
          }),
        );
        break;
      }
      case "TEXT": {
        const s = n.style ?? {};
        const fontSize = round(Math.min(400, Math.max(1, s.fontSize ?? 16)));
        const weight = s.fontWeight ?? 400;
        const textStyle: TextStyle = {
          fontSize,
          fontWeight: weight >= 700 ? 700 : weight >= 600 ? 600 : weight >= 500 ? 500 : 400,
          align: s.textAlignHorizontal === "CENTER" ? "center" : s.textAlignHorizontal === "RIGHT" ? "right" : "left",
          color: common.fill ?? "#000000",
          lineHeight: s.lineHeightPx ? round(Math.min(5, Math.max(0.5, s.lineHeightPx / fontSize))) : 1.2,
        };
        add(
          defaultElement("text", {
            ...common,
            fill: null,
            stroke: null,
            strokeWidth: 0,
            radius: 0,
            text: (n.characters ?? "").slice(0, LIMITS.textLength),
            textStyle,
          }),
        );
        break;
      }
      default:
        if (SHAPE_TYPES.has(n.type)) {
          note("vector");
          add(defaultElement("rectangle", { ...common, radius: 0 }));
        } else {
          note(`other:${n.type}`);
        }
    }
    return out;
  }

  /** Order keys among siblings in the file's order (Figma lists the bottom layer first). */
  function order(siblings: WireframeElement[]) {
    const keys = keysBetween(null, null, siblings.length);
    siblings.forEach((el, i) => (el.order = keys[i]!));
  }

  const frames = file.document.children.flatMap((page) =>
    (page.children ?? [])
      .filter((n) => {
        if (SCREEN_TYPES.has(n.type) && n.absoluteBoundingBox) return true;
        note("outside");
        return false;
      })
      .map((frame) => ({ frame, page })),
  );
  const screenKeys = keysBetween(null, null, Math.min(frames.length, LIMITS.screensPerDocument));
  frames.slice(0, LIMITS.screensPerDocument).forEach(({ frame }, i) => {
    const b = frame.absoluteBoundingBox!;
    const screen: Screen = {
      id: newId(),
      name: (frame.name || `Frame ${i + 1}`).slice(0, 120),
      order: screenKeys[i]!,
      device: "custom",
      width: Math.max(1, Math.round(b.width)),
      height: Math.max(1, Math.round(b.height)),
      background: paintOf(frame.fills) ?? "#ffffff",
    };
    screens.push(screen);
    if (hasImage(frame)) {
      const bg = defaultElement("image", {
        screenId: screen.id,
        name: `${screen.name} image`,
        width: screen.width,
        height: screen.height,
        fill: null,
        stroke: null,
        strokeWidth: 0,
        alt: screen.name,
      });
      elements[bg.id] = bg;
      images.push({ elementId: bg.id, nodeId: frame.id });
    }
    for (const child of frame.children ?? []) place(child, screen, { x: b.x, y: b.y }, null);
    order(Object.values(elements).filter((el) => el.screenId === screen.id && el.parentId === null));
  });
  if (frames.length > LIMITS.screensPerDocument) note("limit", frames.length - LIMITS.screensPerDocument);
  if (screens.length === 0)
    throw new FigmaMapError("This Figma file has no frames to import: draw or choose a frame at the top of a page.");

  const notes: ImportNote[] = [...counts].map(([key, count]) => {
    if (key.startsWith("other:")) {
      const type = key.slice(6).toLowerCase().replace(/_/g, " ");
      return { what: `${type} ${count === 1 ? "layer" : "layers"} (no counterpart, left out)`, count };
    }
    const [one, many] = NOTES[key]!;
    return { what: count === 1 ? one : many, count };
  });
  return {
    document: { schemaVersion: SCHEMA_VERSION, screens: Object.fromEntries(screens.map((s) => [s.id, s])), elements },
    images,
    notes,
  };
}

export class FigmaMapError extends Error {}
