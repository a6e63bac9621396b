/**
 * Figma files the local Figma server (figma-server.ts) serves, in the REST API's shape: a
 * "Shop app" with two frames on its first page (every kind of layer the import maps, and some
 * it cannot), a layer outside every frame, and a component on a second page.
 */
import type { Paint, RGBA } from "@figma/rest-api-spec";

export const SHOP_FILE_KEY = "ShopAppFile123";
export const PRIVATE_FILE_KEY = "PrivateFile456";
export const shopFileUrl = (key = SHOP_FILE_KEY) => `https://www.figma.com/design/${key}/Shop-app?node-id=0-1`;

const rgb = (r: number, g: number, b: number, a = 1): RGBA => ({ r: r / 255, g: g / 255, b: b / 255, a });
const solid = (color: RGBA, opacity?: number): Paint => ({
  type: "SOLID",
  blendMode: "NORMAL",
  color,
  ...(opacity === undefined ? {} : { opacity }),
});
const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
let n = 0;
const layer = (type: string, name: string, bounds: ReturnType<typeof box>, extra: Record<string, unknown> = {}) => ({
  id: `${++n}:${n + 10}`,
  name,
  type,
  visible: true,
  absoluteBoundingBox: bounds,
  fills: [] as Paint[],
  strokes: [] as Paint[],
  strokeWeight: 1,
  effects: [],
  ...extra,
});

const home = layer("FRAME", "Home", box(100, 50, 390, 844), {
  fills: [solid(rgb(255, 255, 255))],
  children: [
    layer("RECTANGLE", "Header", box(100, 50, 390, 64), { fills: [solid(rgb(15, 23, 42))], cornerRadius: 8 }),
    layer("TEXT", "Title", box(124, 70, 200, 29), {
      characters: "Welcome back",
      fills: [solid(rgb(255, 255, 255))],
      style: { fontFamily: "Inter", fontSize: 24, fontWeight: 700, textAlignHorizontal: "LEFT", lineHeightPx: 29 },
    }),
    layer("ELLIPSE", "Avatar", box(430, 66, 32, 32), {
      fills: [solid(rgb(37, 99, 235), 0.5)],
      strokes: [solid(rgb(255, 255, 255))],
      strokeWeight: 2,
    }),
    layer("RECTANGLE", "Hero", box(116, 130, 358, 200), {
      fills: [{ type: "IMAGE", blendMode: "NORMAL", scaleMode: "FILL", imageRef: "hero-image-ref" }],
      cornerRadius: 12,
    }),
    layer("LINE", "Divider", box(116, 350, 358, 0), { strokes: [solid(rgb(203, 213, 225))] }),
    layer("VECTOR", "Logo", box(116, 370, 40, 40), { fills: [solid(rgb(234, 88, 12))] }),
    layer("GROUP", "Actions", box(116, 430, 358, 48), {
      children: [
        layer("RECTANGLE", "Button", box(116, 430, 358, 48), { fills: [solid(rgb(37, 99, 235))], cornerRadius: 6 }),
        layer("TEXT", "Label", box(250, 442, 90, 24), {
          characters: "Shop now",
          fills: [solid(rgb(255, 255, 255))],
          style: { fontFamily: "Inter", fontSize: 16, fontWeight: 600, textAlignHorizontal: "CENTER", lineHeightPx: 24 },
        }),
      ],
    }),
    layer("TEXT", "Tilted", box(116, 500, 120, 20), {
      characters: "On sale",
      rotation: 0.2,
      fills: [solid(rgb(0, 0, 0))],
      style: { fontFamily: "Inter", fontSize: 14, fontWeight: 400, textAlignHorizontal: "LEFT" },
    }),
    layer("SLICE", "Export area", box(100, 50, 390, 200)),
  ],
});

const checkout = layer("FRAME", "Checkout", box(600, 50, 390, 844), {
  fills: [
    {
      type: "GRADIENT_LINEAR",
      blendMode: "NORMAL",
      gradientHandlePositions: [],
      gradientStops: [
        { position: 0, color: rgb(241, 245, 249) },
        { position: 1, color: rgb(255, 255, 255) },
      ],
    },
  ],
  children: [
    layer("INSTANCE", "Order summary", box(616, 80, 358, 120), {
      componentId: "9:1",
      fills: [solid(rgb(255, 255, 255))],
      strokes: [solid(rgb(226, 232, 240))],
      children: [
        layer("TEXT", "Total", box(632, 96, 200, 22), {
          characters: "Total: €42",
          fills: [solid(rgb(15, 23, 42))],
          style: { fontFamily: "Inter", fontSize: 18, fontWeight: 500, textAlignHorizontal: "RIGHT", lineHeightPx: 22 },
        }),
      ],
    }),
  ],
});

const stray = layer("TEXT", "Note to self", box(1200, 0, 200, 20), { characters: "TODO", style: { fontSize: 12, fontWeight: 400 } });
const button = layer("COMPONENT", "Button component", box(0, 0, 120, 40), {
  fills: [solid(rgb(37, 99, 235))],
  children: [layer("TEXT", "Text", box(10, 8, 100, 24), { characters: "Button", style: { fontSize: 16, fontWeight: 500 } })],
});

const file = (name: string, pages: { name: string; children: unknown[] }[]) => ({
  name,
  role: "viewer",
  lastModified: "2026-11-20T10:00:00Z",
  editorType: "figma",
  version: "4242",
  thumbnailUrl: "",
  schemaVersion: 0,
  components: {},
  componentSets: {},
  styles: {},
  document: {
    id: "0:0",
    name: "Document",
    type: "DOCUMENT",
    children: pages.map((p, i) => ({ id: `0:${i + 1}`, type: "CANVAS", backgroundColor: rgb(245, 245, 245), ...p })),
  },
});

export const FIGMA_FILES: Record<string, unknown> = {
  [SHOP_FILE_KEY]: file("Shop app", [
    { name: "Screens", children: [home, checkout, stray] },
    { name: "Components", children: [button] },
  ]),
};
