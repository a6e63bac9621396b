import { DOMParser } from "@xmldom/xmldom";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { authedRequest } from "../../../tests/support/factories";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { DEFAULT_EXPORT, exportFileName, slugify, uniqueNames, type ExportRequest } from "~/lib/wireframes/export";
import { defaultElement } from "~/lib/wireframes/elements";
import { compareOrder, keysBetween, topKey } from "~/lib/wireframes/order";
import { loader as downloadLoader } from "~/routes/wireframes.export.$id.download.server";
import { loader as pageLoader } from "~/routes/_app.wireframes.export.$id.server";
import { addTemplateScreen, applyPatch, createWireframe, getWireframe, uploadImage } from "./index";
import { colorFromHex } from "~/lib/design-tokens/color";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { db, schema } from "../db";
import { exportWireframe } from "./export";
import { wireframeDesign } from "./tokens";
import { woffToSfnt } from "./export-fonts";
import { addRole, makeWorkspace, PNG_BYTES, statusOf } from "./test-support";

/**
 * Exports checked by real parsers: the PNG's size from its IHDR chunk, the PDF's pages and
 * their sizes by pdf-lib, the SVG by a strict XML parser (its drawn elements counted against
 * the screen's visible ones), ZIPs by fflate.
 */

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, {
    projectId: ws.project.id,
    name: "Café sign-up",
    device: "desktop",
    templateId: "sign-in",
  });
  await addTemplateScreen(ws.owner, id, "mobile-onboarding");
  const doc = (await getWireframe(ws.owner, id)).document;
  const [first, second] = Object.values(doc.screens).sort(compareOrder);
  // On the first screen: an uploaded image, a hidden box, a group of two.
  const { fileId } = await uploadImage(ws.owner, id, new File([PNG_BYTES], "dot.png", { type: "image/png" }));
  const [k1, k2, k3] = keysBetween(topKey(doc, first!.id, null), null, 3);
  const group = defaultElement("group", { screenId: first!.id, order: k3 });
  await applyPatch(ws.owner, id, {
    clientId: "t",
    ops: [
      { op: "add-element", element: defaultElement("image", { screenId: first!.id, order: k1, fileId, x: 20, y: 20 }) },
      { op: "add-element", element: defaultElement("rectangle", { screenId: first!.id, order: k2, hidden: true }) },
      { op: "add-element", element: group },
      { op: "add-element", element: defaultElement("ellipse", { screenId: first!.id, parentId: group.id, order: "a0" }) },
      { op: "add-element", element: defaultElement("text", { screenId: first!.id, parentId: group.id, order: "a1", text: "Grüße" }) },
    ],
  });
  return { ...ws, id, first: first!, second: second!, fileId };
}

const req = (over: Partial<ExportRequest>): ExportRequest => ({ ...DEFAULT_EXPORT, ...over });

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(bytes);
  expect(b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(b.toString("latin1", 12, 16)).toBe("IHDR");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** A strict XML parse: any warning or error fails the test. */
function parseSvg(text: string) {
  const doc = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(text, "image/svg+xml");
  const root = doc.documentElement!;
  expect(root.localName).toBe("svg");
  expect(root.namespaceURI).toBe("http://www.w3.org/2000/svg");
  return root;
}

/** The elements a screen draws: not hidden, nor inside a hidden group. */
function visibleCount(doc: WireframeDocument, screenId: string): number {
  const shown = (el: WireframeElement): boolean => !el.hidden && (el.parentId === null || shown(doc.elements[el.parentId]!));
  return Object.values(doc.elements).filter((el) => el.screenId === screenId && shown(el)).length;
}

describe("wireframe exports", () => {
  beforeEach(resetDb);

  it("PNG at 1× and 2× is the screen's size times the scale, by its IHDR header", async () => {
    const ws = await setup();
    for (const scale of [1, 2] as const) {
      const file = await exportWireframe(ws.owner, ws.id, req({ format: "png", scale, screenIds: [ws.first.id] }));
      expect(file.contentType).toBe("image/png");
      expect(pngSize(file.bytes)).toEqual({ width: ws.first.width * scale, height: ws.first.height * scale });
      expect(file.fileName).toBe(`cafe-sign-up-${slugify(ws.first.name, "x")}${scale === 2 ? "@2x" : ""}.png`);
    }
    // Without the background the corner pixel is transparent: a different, smaller image.
    const solid = await exportWireframe(ws.owner, ws.id, req({ format: "png", scale: 1, screenIds: [ws.second.id] }));
    const clear = await exportWireframe(ws.owner, ws.id, req({ format: "png", scale: 1, screenIds: [ws.second.id], background: false }));
    expect(pngSize(clear.bytes)).toEqual(pngSize(solid.bytes));
    expect(Buffer.from(clear.bytes).equals(Buffer.from(solid.bytes))).toBe(false);
  });

  it("several screens in PNG or SVG come as one ZIP of one file per screen", async () => {
    const ws = await setup();
    const zip = await exportWireframe(ws.owner, ws.id, req({ format: "png", scale: 2 }));
    expect(zip).toMatchObject({ contentType: "application/zip", fileName: "cafe-sign-up-png@2x.zip" });
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual([
      `cafe-sign-up-${slugify(ws.first.name, "x")}@2x.png`,
      `cafe-sign-up-${slugify(ws.second.name, "x")}@2x.png`,
    ]);
    expect(pngSize(Object.values(files)[1]!)).toEqual({ width: ws.second.width * 2, height: ws.second.height * 2 });
    const svgs = unzipSync((await exportWireframe(ws.owner, ws.id, req({ format: "svg" }))).bytes);
    expect(Object.keys(svgs)).toHaveLength(2);
    for (const bytes of Object.values(svgs)) parseSvg(new TextDecoder().decode(bytes));
  });

  it("SVG parses as XML, draws one group per visible element, and carries its font and images inside", async () => {
    const ws = await setup();
    const doc = (await getWireframe(ws.owner, ws.id)).document;
    const file = await exportWireframe(ws.owner, ws.id, req({ format: "svg", screenIds: [ws.first.id] }));
    expect(file).toMatchObject({ contentType: "image/svg+xml", fileName: `cafe-sign-up-${slugify(ws.first.name, "x")}.svg` });
    const root = parseSvg(new TextDecoder().decode(file.bytes));
    expect(root.getAttribute("width")).toBe(String(ws.first.width));
    expect(root.getAttribute("height")).toBe(String(ws.first.height));
    expect(root.getAttribute("viewBox")).toBe(`0 0 ${ws.first.width} ${ws.first.height}`);
    expect(root.getAttribute("font-family")).toMatch(/^Inter,/);
    const drawn = Array.from(root.getElementsByTagName("g")).filter((g) => g.hasAttribute("data-id"));
    expect(drawn.length).toBe(visibleCount(doc, ws.first.id));
    expect(drawn.length).toBeGreaterThan(5);
    // Self-contained: Inter as base64 @font-face, the uploaded image as a data URI, nothing fetched.
    const style = root.getElementsByTagName("style")[0]!.textContent!;
    expect(style).toMatch(/@font-face\{font-family:"Inter";font-style:normal;font-weight:400;src:url\(data:font\/woff;base64,/);
    const images = Array.from(root.getElementsByTagName("image"));
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute("href")).toBe(`data:image/png;base64,${Buffer.from(PNG_BYTES).toString("base64")}`);
    expect(images[0]!.getAttributeNS("http://www.w3.org/1999/xlink", "href")).toBe(images[0]!.getAttribute("href"));
    expect(new TextDecoder().decode(file.bytes)).not.toMatch(/(href|src)="(https?:|\/)/);
    // Text as outlines: no text element left, still a valid SVG of the same size.
    const outlines = parseSvg(
      new TextDecoder().decode(
        (await exportWireframe(ws.owner, ws.id, req({ format: "svg", screenIds: [ws.first.id], text: "outlines" }))).bytes,
      ),
    );
    expect(outlines.getElementsByTagName("text")).toHaveLength(0);
    expect(outlines.getElementsByTagName("path").length).toBeGreaterThan(10);
    expect(outlines.getAttribute("width")).toBe(String(ws.first.width));
  });

  it("PDF has one page per screen at the screen's size, with Inter embedded", async () => {
    const ws = await setup();
    const file = await exportWireframe(ws.owner, ws.id, req({ format: "pdf" }));
    expect(file).toMatchObject({ contentType: "application/pdf", fileName: "cafe-sign-up.pdf" });
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPages().map((p) => p.getSize())).toEqual([
      { width: ws.first.width, height: ws.first.height },
      { width: ws.second.width, height: ws.second.height },
    ]);
    expect(pdf.getTitle()).toBe("Café sign-up");
    // The text is real text in an embedded Inter (selectable), not outlines.
    const raw = Buffer.from(file.bytes).toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter/);
    expect(raw).toMatch(/\/ToUnicode/);
    const one = await PDFDocument.load((await exportWireframe(ws.owner, ws.id, req({ format: "pdf", screenIds: [ws.second.id] }))).bytes);
    expect(one.getPageCount()).toBe(1);
  });

  it("JSON is the document with its schemaVersion; a part of it keeps only the chosen screens", async () => {
    const ws = await setup();
    const doc = (await getWireframe(ws.owner, ws.id)).document;
    const file = await exportWireframe(ws.owner, ws.id, req({ format: "json" }));
    expect(file).toMatchObject({ contentType: "application/json; charset=utf-8", fileName: "cafe-sign-up.json" });
    expect(JSON.parse(new TextDecoder().decode(file.bytes))).toEqual(doc);
    const part = JSON.parse(
      new TextDecoder().decode((await exportWireframe(ws.owner, ws.id, req({ format: "json", screenIds: [ws.second.id] }))).bytes),
    ) as WireframeDocument;
    expect(Object.keys(part.screens)).toEqual([ws.second.id]);
    expect(Object.values(part.elements).every((el) => el.screenId === ws.second.id)).toBe(true);
    expect(part.schemaVersion).toBe(doc.schemaVersion);
  });

  it("draws token references with the project's design system, in the chosen theme (the first by default)", async () => {
    const ws = await setup();
    const system: DesignSystemDoc = {
      sets: [
        { name: "day", tokens: { surface: { $type: "color", $value: colorFromHex("#fafafa") } } },
        { name: "night", tokens: { surface: { $type: "color", $value: colorFromHex("#111111") } } },
      ],
      themes: [
        { name: "day", sets: ["day"] },
        { name: "night", sets: ["night"] },
      ],
    };
    await db().insert(schema.designSystems).values({ workspaceId: ws.workspace.id, projectId: ws.project.id, document: system });
    const box = defaultElement("rectangle", { id: "tokenbox", screenId: ws.second.id, order: "Zz", fill: { token: "surface" } });
    await applyPatch(ws.owner, ws.id, { clientId: "t", ops: [{ op: "add-element", element: box }] });
    const fillOf = async (theme: string | null) => {
      const file = await exportWireframe(ws.owner, ws.id, req({ format: "svg", screenIds: [ws.second.id], theme }));
      const root = parseSvg(new TextDecoder().decode(file.bytes));
      const g = Array.from(root.getElementsByTagName("g")).find((el) => el.getAttribute("data-id") === "tokenbox")!;
      return g.getElementsByTagName("rect")[0]!.getAttribute("fill");
    };
    const design = await wireframeDesign(ws.owner, ws.project.id, "night");
    expect(design.tokensByTheme.night!.surface).toBe("#111111");
    expect(await fillOf("night")).toBe("#111111");
    const first = (await wireframeDesign(ws.owner, ws.project.id)).theme;
    expect(await fillOf("day")).toBe("#fafafa");
    expect(await fillOf(null)).toBe(await fillOf(first));
  });

  it("viewers export; another workspace's wireframe is a 404 and an unknown screen a 400", async () => {
    const ws = await setup();
    const other = await makeWorkspace();
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect((await exportWireframe(viewer, ws.id, req({ format: "json" }))).bytes.byteLength).toBeGreaterThan(100);
    expect(await statusOf(exportWireframe(other.owner, ws.id, req({ format: "png" })))).toBe(404);
    expect(await statusOf(exportWireframe(ws.owner, "not-a-uuid", req({ format: "png" })))).toBe(404);
    expect(await statusOf(exportWireframe(ws.owner, ws.id, req({ format: "png", screenIds: ["nope"] })))).toBe(400);
  });

  it("the download route answers the file with a proper Content-Disposition, and the page its choices", async () => {
    const ws = await setup();
    type Args = Parameters<typeof downloadLoader>[0];
    const get = async (userId: string, url: string) =>
      (await downloadLoader({
        request: await authedRequest(userId, url),
        params: { id: ws.id },
        context: {},
      } as unknown as Args)) as Response;
    const res = await get(ws.user.id, `/wireframes/export/${ws.id}/download?format=png&scale=2&screen=${ws.second.id}`);
    expect(res.status).toBe(200);
    const name = `cafe-sign-up-${slugify(ws.second.name, "x")}@2x.png`;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: ws.second.width * 2, height: ws.second.height * 2 });
    // The form with nothing ticked goes back to the page, which says so.
    const none = await get(ws.user.id, `/wireframes/export/${ws.id}/download?pick=1&format=pdf`);
    expect(none.status).toBe(303);
    expect(none.headers.get("location")).toBe(`/wireframes/export/${ws.id}?format=pdf&problem=no-screens`);
    const other = await makeWorkspace();
    const refused = await get(other.user.id, `/wireframes/export/${ws.id}/download?format=json`);
    expect(refused.status).toBe(404);
    const page = await pageLoader({
      request: await authedRequest(ws.user.id, `/wireframes/export/${ws.id}?format=pdf&problem=no-screens`),
      params: { id: ws.id },
      context: {},
    } as unknown as Parameters<typeof pageLoader>[0]);
    expect(page.screens.map((s) => s.id)).toEqual([ws.first.id, ws.second.id]);
    expect(page.choice.format).toBe("pdf");
    expect(page.problem).toBe("no-screens");
  });
});

describe("woffToSfnt", () => {
  it("unpacks WOFF into a TrueType font with the same tables", async () => {
    const { readFileSync } = await import("node:fs");
    const { createRequire } = await import("node:module");
    const woff = readFileSync(createRequire(import.meta.url).resolve("@fontsource/inter/files/inter-latin-400-normal.woff"));
    const ttf = woffToSfnt(woff);
    expect(ttf.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour
    expect(ttf.readUInt16BE(4)).toBe(woff.readUInt16BE(12)); // the table count
    expect(ttf.byteLength).toBe(woff.readUInt32BE(16)); // totalSfntSize
    expect(() => woffToSfnt(new Uint8Array(10))).toThrow(/WOFF/);
  });
});

describe("export file names", () => {
  it("are ASCII slugs of the wireframe's and screen's names, unique inside a ZIP", () => {
    expect(exportFileName("Café “Déjà vu” / Home", "png", 2, { name: "Sign-in 👋", index: 0 })).toBe("cafe-deja-vu-home-sign-in@2x.png");
    expect(exportFileName("日本語", "svg", 1, { name: "画面", index: 2 })).toBe("wireframe-screen-3.svg");
    expect(uniqueNames(["a-b@2x.png", "a-b@2x.png", "a-b-2@2x.png", "x.svg", "x.svg"])).toEqual([
      "a-b@2x.png",
      "a-b-2@2x.png",
      "a-b-2-2@2x.png",
      "x.svg",
      "x-2.svg",
    ]);
  });
});
