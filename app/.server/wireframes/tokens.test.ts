import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { colorFromHex } from "~/lib/design-tokens/color";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { db, schema } from "../db";
import { defaultElement } from "~/lib/wireframes/elements";
import { loader as listLoader } from "~/routes/_app.wireframes._index.server";
import { applyPatch, createWireframe, getWireframe, linkScreen, linksForCard } from "./index";
import { addRole, makeWorkspace, statusOf } from "./test-support";
import { authedRequest } from "../../../tests/support/factories";
import { loader as editorLoader } from "~/routes/_app.wireframes.editor.$wireframeId.server";
import { thumbnailTokens, tokenOptions, wireframeDesign } from "./tokens";

beforeEach(resetDb);

const hex = colorFromHex;

/** A small system of two themes, stored as the project's own (it overrides the base's sets of the same name). */
const SYSTEM: DesignSystemDoc = {
  sets: [
    {
      name: "core",
      tokens: {
        palette: { $type: "color", ink: { $value: hex("#111111") }, paper: { $value: hex("#fafafa") } },
        radius: { $type: "dimension", card: { $value: { value: 0.5, unit: "rem" } } },
        elevation: {
          $type: "shadow",
          card: {
            $value: {
              offsetX: { value: 0, unit: "px" },
              offsetY: { value: 2, unit: "px" },
              blur: { value: 8, unit: "px" },
              color: hex("#00000033"),
            },
          },
        },
        type: {
          $type: "typography",
          body: {
            $value: {
              fontFamily: ["Inter"],
              fontSize: { value: 15, unit: "px" },
              fontWeight: 400,
              lineHeight: 1.5,
              letterSpacing: { value: 0, unit: "px" },
            },
          },
        },
      },
    },
    { name: "day", tokens: { surface: { $type: "color", $value: "{palette.paper}" } } },
    { name: "night", tokens: { surface: { $type: "color", $value: "{palette.ink}" } } },
  ],
  themes: [
    { name: "day", sets: ["core", "day"] },
    { name: "night", sets: ["core", "night"] },
  ],
};

describe("wireframeDesign", () => {
  it("gives every theme's renderer values and the options of the pickers, the chosen theme first", async () => {
    const w = await makeWorkspace();
    // The project's own system: its themes and sets come after the base's.
    await db().insert(schema.designSystems).values({ workspaceId: w.workspace.id, projectId: w.project.id, document: SYSTEM });
    const design = await wireframeDesign(w.owner, w.project.id, "night");
    expect(design.themes).toEqual(expect.arrayContaining(["day", "night"]));
    expect(design.theme).toBe("night");
    expect(design.tokensByTheme.day!.surface).toBe("#fafafa");
    expect(design.tokensByTheme.night!.surface).toBe("#111111");
    expect(design.tokensByTheme.night!["radius.card"]).toBe(8);
    expect(design.tokensByTheme.night!["type.body.fontSize"]).toBe(15);
    expect(design.tokensByTheme.night!["elevation.card"]).toMatch(/^0(px)? 2px 8px 0(px)? #00000033$/);
    expect(design.options).toEqual(
      expect.arrayContaining([
        { path: "surface", kind: "color" },
        { path: "palette.ink", kind: "color" },
        { path: "radius.card", kind: "dimension" },
        { path: "elevation.card", kind: "shadow" },
        { path: "type.body.fontSize", kind: "fontSize" },
      ]),
    );
    // An unknown theme (or none) draws the first.
    expect((await wireframeDesign(w.owner, w.project.id, "sepia")).theme).toBe(design.themes[0]);
    expect((await wireframeDesign(w.owner, w.project.id)).theme).toBe(design.themes[0]);
  });

  it("starts from the workspace's base system, which has light and dark themes that differ", async () => {
    const w = await makeWorkspace();
    const design = await wireframeDesign(w.owner, w.project.id);
    expect(design.themes.length).toBeGreaterThanOrEqual(2);
    const [a, b] = design.themes.map((t) => design.tokensByTheme[t]!);
    const colours = design.options.filter((o) => o.kind === "color").map((o) => o.path);
    expect(colours.length).toBeGreaterThan(0);
    expect(colours.some((p) => a![p] !== b![p])).toBe(true);
    for (const p of colours) expect(a![p]).toMatch(/^#[0-9a-f]{6}([0-9a-f]{2})?$/);
  });

  it("lets a viewer see them, and answers 404 for another workspace's project", async () => {
    const w = await makeWorkspace();
    const viewer = await addRole(w.workspace.id, "viewer");
    expect((await wireframeDesign(viewer, w.project.id)).themes.length).toBeGreaterThan(0);
    const elsewhere = await makeWorkspace();
    expect(await statusOf(wireframeDesign(w.owner, elsewhere.project.id))).toBe(404);
  });
});

describe("the editor's loader", () => {
  it("carries the project's design, drawn first in the theme of ?theme=", async () => {
    const w = await makeWorkspace();
    await db().insert(schema.designSystems).values({ workspaceId: w.workspace.id, projectId: w.project.id, document: SYSTEM });
    const { id } = await createWireframe(w.owner, { projectId: w.project.id, name: "Home", device: "desktop" });
    const request = await authedRequest(w.user.id, `/wireframes/editor/${id}?theme=night`);
    const data = await editorLoader({ request, params: { wireframeId: id }, context: {} });
    expect(data.design.theme).toBe("night");
    expect(data.design.tokensByTheme.night!.surface).toBe("#111111");
  });
});

describe("thumbnails", () => {
  it("draw with the project's first theme in the lists and in the card panel's links", async () => {
    const w = await makeWorkspace();
    await db().insert(schema.designSystems).values({ workspaceId: w.workspace.id, projectId: w.project.id, document: SYSTEM });
    const { id } = await createWireframe(w.owner, { projectId: w.project.id, name: "Home", device: "desktop" });
    const screenId = Object.keys((await getWireframe(w.owner, id)).document.screens)[0]!;
    const box = defaultElement("rectangle", { id: "box", screenId, fill: { token: "palette.paper" }, radius: { token: "radius.card" } });
    await applyPatch(w.owner, id, { clientId: "test-client", ops: [{ op: "add-element", element: box }] });
    // The project's "core" set merges into the base's core, which every theme enables.
    const first = (await wireframeDesign(w.owner, w.project.id)).theme;

    const list = await listLoader({ request: await authedRequest(w.user.id, "/wireframes"), params: {}, context: {} });
    expect(list.tokens[w.project.id]).toEqual((await wireframeDesign(w.owner, w.project.id)).tokensByTheme[first]);

    await linkScreen(w.owner, { cardId: w.card.id, wireframeId: id, screenId });
    const [link] = await linksForCard(w.owner, w.card.id);
    expect(link!.svg).toContain('rx="8"');
    expect(link!.svg).toContain('fill="#fafafa"');
  });
});

describe("thumbnailTokens", () => {
  it("gives each project (and the base, null) its first theme's values", async () => {
    const w = await makeWorkspace();
    await db().insert(schema.designSystems).values({ workspaceId: w.workspace.id, projectId: w.project.id, document: SYSTEM });
    const map = await thumbnailTokens(w.owner, [w.project.id, null, w.project.id]);
    expect([...map.keys()]).toEqual([w.project.id, null]);
    const first = (await wireframeDesign(w.owner, w.project.id)).theme;
    expect(map.get(w.project.id)).toEqual((await wireframeDesign(w.owner, w.project.id)).tokensByTheme[first]);
  });
});

describe("tokenOptions", () => {
  it("skips tokens whose alias does not resolve", () => {
    const options = tokenOptions([
      { path: "a", set: "s", type: "color", value: "{b}", resolved: undefined, aliasChain: [] },
      { path: "c", set: "s", type: "fontWeight", value: 400, resolved: 400, aliasChain: [] },
      { path: "d", set: "s", type: "color", value: hex("#000000"), resolved: hex("#000000"), aliasChain: [] },
    ]);
    expect(options).toEqual([{ path: "d", kind: "color" }]);
  });
});
