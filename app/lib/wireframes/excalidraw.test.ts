import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LineElement, PolygonElement, WireframeDocument, WireframeElement } from "./document";
import { ExcalidrawError, excalidrawToDocument, isExcalidrawScene } from "./excalidraw";
import { compareOrder } from "./order";
import { wireframeDocumentSchema } from "./schema";

const FIXTURE = path.resolve(__dirname, "../../../tests/fixtures/wireframes/scene.excalidraw");
const scene = () => JSON.parse(readFileSync(FIXTURE, "utf8")) as { elements: Record<string, unknown>[] } & Record<string, unknown>;

function byName(doc: WireframeDocument, screenId: string) {
  return Object.values(doc.elements).filter((el) => el.screenId === screenId);
}

describe("Excalidraw scenes as wireframe documents", () => {
  const { document: doc, images, notes } = excalidrawToDocument(scene(), { name: "Login flow" });
  const screens = Object.values(doc.screens).sort(compareOrder);
  const [login, canvas] = screens;
  const on = (screenId: string, type: WireframeElement["type"]) => byName(doc, screenId).filter((el) => el.type === type);

  it("makes a valid document: frames become screens, what lies outside them one more", () => {
    expect(wireframeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(isExcalidrawScene(scene())).toBe(true);
    expect(screens.map((s) => [s.name, s.device])).toEqual([
      ["Login", "custom"],
      ["Canvas", "custom"],
    ]);
    expect([login!.width, login!.height]).toEqual([400, 300]);
    // The canvas is sized to what is drawn outside the frames (x 600–800, y 100–425) with a 40 px margin.
    expect([canvas!.width, canvas!.height]).toEqual([280, 405]);
  });

  it("maps rectangles, ellipses and text with their positions (relative to their frame), colours and corners", () => {
    const [rect] = on(login!.id, "rectangle");
    expect(rect).toMatchObject({ x: 20, y: 20, width: 100, height: 50, fill: "#a5d8ff", stroke: "#1e1e1e", strokeWidth: 2, radius: 12.5 });
    const [ellipse] = on(login!.id, "ellipse");
    expect(ellipse).toMatchObject({ x: 150, y: 50, width: 80, height: 80, fill: null, stroke: "#e03131" });
    const text = on(login!.id, "text")[0] as Extract<WireframeElement, { type: "text" }>;
    expect(text).toMatchObject({
      x: 30,
      y: 35,
      text: "Sign in",
      textStyle: { fontSize: 20, align: "left", color: "#1e1e1e", lineHeight: 1.25 },
    });
    expect(text.width).toBeGreaterThanOrEqual(60);
  });

  it("draws a diamond as a filled diamond polygon (not four lines) and a bound arrow attached to its shapes", () => {
    const [diamond, ...more] = on(login!.id, "polygon") as PolygonElement[];
    expect(more).toHaveLength(0);
    expect(on(login!.id, "line")).toHaveLength(0);
    expect(diamond).toMatchObject({ name: "Diamond", x: 200, y: 150, width: 60, height: 40, fill: "#ffc9c9", stroke: "#1e1e1e" });
    const corners = diamond!.vertices.map(([vx, vy]) => [diamond!.x + vx * diamond!.width, diamond!.y + vy * diamond!.height]);
    expect(corners).toEqual([
      [230, 150],
      [260, 170],
      [230, 190],
      [200, 170],
    ]);
    const [arrow] = on(login!.id, "arrow") as LineElement[];
    const [rect] = on(login!.id, "rectangle");
    const [ellipse] = on(login!.id, "ellipse");
    expect(arrow!.start).toEqual({ elementId: rect!.id });
    expect(arrow!.end).toEqual({ elementId: ellipse!.id });
  });

  it("keeps the scene's groups, nested as they were, in its z-order", () => {
    const groups = on(login!.id, "group");
    const form = groups.find((g) => g.parentId === null)!;
    const icons = groups.find((g) => g.parentId === form.id && g.name === "Group")!;
    const [diamond] = on(login!.id, "polygon");
    expect(diamond!.parentId).toBe(icons.id);
    const [rect] = on(login!.id, "rectangle");
    const [text] = on(login!.id, "text");
    const [ellipse] = on(login!.id, "ellipse");
    expect([rect!.parentId, text!.parentId, ellipse!.parentId]).toEqual([form.id, form.id, icons.id]);
    const inForm = byName(doc, login!.id)
      .filter((el) => el.parentId === form.id)
      .sort(compareOrder)
      .map((el) => el.id);
    expect(inForm).toEqual([rect!.id, text!.id, icons.id]);
    // A group is its members' bounding box.
    expect(icons).toMatchObject({ x: 150, y: 50, width: 110, height: 140 });
  });

  it("splits a polyline into segments, keeps the image for the server, and lists what it could not map", () => {
    const path = on(canvas!.id, "group").find((g) => g.name === "Line")!;
    expect(byName(doc, canvas!.id).filter((el) => el.parentId === path.id)).toHaveLength(2);
    const [image] = on(canvas!.id, "image");
    expect(images).toEqual([{ elementId: image!.id, mimeType: "image/png", dataURL: expect.stringMatching(/^data:image\/png;base64,/) }]);
    const [tilted] = on(canvas!.id, "text") as Extract<WireframeElement, { type: "text" }>[];
    expect(tilted!.textStyle.align).toBe("center");
    expect(notes).toEqual(
      expect.arrayContaining([
        { what: "freehand drawing (not imported)", count: 1 },
        { what: "rotated element (imported without its rotation)", count: 1 },
        { what: "dashed or dotted stroke (imported as a solid stroke)", count: 1 },
      ]),
    );
    expect(notes).toHaveLength(3);
    // The deleted element is not imported, nor listed (the diamond is one polygon, no longer a group of four lines).
    expect(Object.keys(doc.elements)).toHaveLength(12);
  });

  it("a scene without frames is one screen named after the file", () => {
    const s = scene();
    s.elements = s.elements.filter((el) => el.type !== "frame").map((el) => ({ ...el, frameId: null }));
    const only = excalidrawToDocument(s, { name: "Login flow" }).document;
    expect(Object.values(only.screens).map((x) => x.name)).toEqual(["Login flow"]);
  });

  it("a broken scene names where: the element's index and field", () => {
    const s = scene();
    (s.elements[2] as Record<string, unknown>).x = "12";
    expect(() => excalidrawToDocument(s)).toThrow(new ExcalidrawError("elements[2].x", "Invalid input: expected number, received string"));
    const noPoints = scene();
    delete (noPoints.elements[6] as Record<string, unknown>).points;
    expect(() => excalidrawToDocument(noPoints)).toThrow(/^elements\[6\]\.points: /);
    expect(() => excalidrawToDocument({ type: "excalidraw", elements: "x" })).toThrow(/^elements: /);
    expect(() => excalidrawToDocument({ type: "excalidraw", elements: [] })).toThrow(/nothing drawn/);
  });
});
