/**
 * Wireframe exports and imports (issue 15): an Excalidraw scene and a JSON export imported
 * with JavaScript off (a bad file refused with its reason), then every export format
 * downloaded from /wireframes/export/{id} — by its plain links and by the form — with
 * JavaScript off and on; each file is read back: PNG size from its header, PDF pages and
 * sizes by pdf-lib, SVG as XML, ZIP entries, JSON equal to what was imported.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Download, Locator, Page } from "@playwright/test";
import { DOMParser } from "@xmldom/xmldom";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

const SCENE = path.resolve(import.meta.dirname, "../fixtures/wireframes/scene.excalidraw");

async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  return { name: (file as Download).suggestedFilename(), bytes: await readFile((await file.path())!) };
}

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(bytes.toString("latin1", 12, 16)).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function svgRoot(bytes: Uint8Array) {
  const doc = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(new TextDecoder().decode(bytes), "image/svg+xml");
  return doc.documentElement!;
}

/** Imports a file from the /wireframes page's Import panel (a multipart form). */
async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }, project: string, name?: string) {
  await page.goto("/wireframes");
  await page.getByText("Import", { exact: true }).click();
  const form = page.locator("form#import-wireframe");
  await form.getByLabel("File").setInputFiles(file);
  await form.getByLabel("Into project").selectOption({ label: project });
  if (name) await form.getByLabel("Name (optional)").fill(name);
  await form.getByRole("button", { name: "Import wireframe" }).click();
}

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

/** Every download of the export page, read back by real parsers; `json` is the JSON export's text. */
async function exportEverything(page: Page, wireframe: string): Promise<string> {
  await page.goto("/wireframes");
  await card(page, wireframe)
    .getByRole("link", { name: `Export ${wireframe}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Export wireframe" })).toBeVisible();
  const slug = wireframe.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  // One screen, by its links: PNG 1× and 2×, SVG, PDF.
  const png1 = await download(page, page.getByRole("link", { name: "PNG 1× of Login" }));
  expect(png1.name).toBe(`${slug}-login.png`);
  expect(pngSize(png1.bytes)).toEqual({ width: 400, height: 300 });
  const png2 = await download(page, page.getByRole("link", { name: "PNG 2× of Login" }));
  expect(png2.name).toBe(`${slug}-login@2x.png`);
  expect(pngSize(png2.bytes)).toEqual({ width: 800, height: 600 });
  const svg = await download(page, page.getByRole("link", { name: "SVG of Login" }));
  expect(svg.name).toBe(`${slug}-login.svg`);
  const root = svgRoot(svg.bytes);
  expect([root.getAttribute("width"), root.getAttribute("height")]).toEqual(["400", "300"]);
  expect(root.getElementsByTagName("style")[0]?.textContent).toContain("@font-face");
  const onePdf = await download(page, page.getByRole("link", { name: "PDF of Login" }));
  expect((await PDFDocument.load(onePdf.bytes)).getPages().map((p) => p.getSize())).toEqual([{ width: 400, height: 300 }]);

  // The whole wireframe: a PDF of two pages, the PNGs and SVGs as ZIPs, the JSON document.
  const pdf = await download(page, page.getByRole("link", { name: "PDF, every screen" }));
  expect(pdf.name).toBe(`${slug}.pdf`);
  const doc = await PDFDocument.load(pdf.bytes);
  expect(doc.getPageCount()).toBe(2);
  expect(doc.getPage(0).getSize()).toEqual({ width: 400, height: 300 });
  const zip = await download(page, page.getByRole("link", { name: "PNG 2×, every screen (ZIP)" }));
  expect(zip.name).toBe(`${slug}-png@2x.zip`);
  const pngs = unzipSync(zip.bytes);
  expect(Object.keys(pngs)).toEqual([`${slug}-login@2x.png`, `${slug}-canvas@2x.png`]);
  expect(pngSize(Buffer.from(pngs[`${slug}-canvas@2x.png`]!))).toEqual({ width: 560, height: 810 });
  const svgs = unzipSync((await download(page, page.getByRole("link", { name: "SVG, every screen (ZIP)" }))).bytes);
  for (const bytes of Object.values(svgs)) svgRoot(bytes);
  const json = await download(page, page.getByRole("link", { name: "JSON document" }));
  expect(json.name).toBe(`${slug}.json`);
  const parsed = JSON.parse(json.bytes.toString("utf8")) as { schemaVersion: number; screens: Record<string, unknown> };
  expect(parsed.schemaVersion).toBeGreaterThanOrEqual(1);
  expect(Object.keys(parsed.screens)).toHaveLength(2);

  // The form: only the Canvas screen, PNG at 1× on a transparent background.
  const form = page.locator("form", { has: page.getByRole("heading", { name: "Choose what to download" }) });
  await form.getByRole("checkbox", { name: /Login/ }).uncheck();
  await form.getByRole("radio", { name: /^PNG image/ }).check();
  await form.getByRole("radio", { name: "1× (the screen's size)" }).check();
  await form.getByRole("radio", { name: "Transparent" }).check();
  const chosen = await download(page, form.getByRole("button", { name: "Download" }));
  expect(chosen.name).toBe(`${slug}-canvas.png`);
  expect(pngSize(chosen.bytes)).toEqual({ width: 280, height: 405 });
  // SVG with the text as outlines.
  await form.getByRole("radio", { name: /^SVG vector/ }).check();
  await form.getByRole("radio", { name: "Outlines, the same everywhere" }).check();
  const outlined = svgRoot((await download(page, form.getByRole("button", { name: "Download" }))).bytes);
  expect(outlined.getElementsByTagName("text")).toHaveLength(0);
  // Nothing chosen: the page says so.
  await form.getByRole("checkbox", { name: /Canvas/ }).uncheck();
  await form.getByRole("button", { name: "Download" }).click();
  await expect(page.getByText("Choose at least one screen to export.")).toBeVisible();
  return json.bytes.toString("utf8");
}

test.describe("wireframe imports and exports without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("import an Excalidraw scene and a JSON export, refuse a bad file, download every format", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Ezra Export" });
    await createProject(page, "Website");

    // A broken file is refused with what is wrong and where; nothing is created.
    await importFile(
      page,
      { name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{\n  "schemaVersion": 2,\n  oops\n}') },
      "Website",
    );
    await expect(page.getByText(/The file is not valid JSON at line 3, column 3/)).toBeVisible();
    await page.goto("/wireframes");
    await expect(page.getByRole("heading", { name: "No wireframes yet" })).toBeVisible();

    // The Excalidraw scene: two screens, and what could not be mapped is listed.
    await importFile(page, SCENE, "Website", "Login flow");
    await expect(page.getByText("Wireframe imported")).toBeVisible();
    await expect(page.getByText(/“Login flow”: 2 screens, 12 elements\. Not mapped: .*1 freehand drawing \(not imported\)/)).toBeVisible();
    await expect(card(page, "Login flow")).toBeVisible();

    const json = await exportEverything(page, "Login flow");

    // The JSON export imported again is the same document.
    await importFile(
      page,
      { name: "login-flow.json", mimeType: "application/json", buffer: Buffer.from(json) },
      "Website",
      "Login flow again",
    );
    await expect(page.getByText(/“Login flow again”: 2 screens, 12 elements\.$/)).toBeVisible();
    await card(page, "Login flow again").getByRole("link", { name: "Export Login flow again" }).click();
    const again = await download(page, page.getByRole("link", { name: "JSON document" }));
    expect(JSON.parse(again.bytes.toString("utf8"))).toEqual(JSON.parse(json));
  });
});

test.describe("wireframe exports with JavaScript", () => {
  test("every format downloads from the export page's links and form", async ({ page, browser }) => {
    // The import runs without JavaScript (a context of its own); the downloads with it.
    await signUpAndVerify(page, { fullName: "Jade Script" });
    await createProject(page, "Website");
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noJs.newPage();
    await importFile(plain, SCENE, "Website", "Sketch");
    await expect(plain.getByText("Wireframe imported")).toBeVisible();
    await noJs.close();
    await exportEverything(page, "Sketch");
    // The export page (here with its "choose a screen" message) passes axe.
    await expectNoA11yViolations(page);
  });
});
