import { describe, expect, it } from "vitest";
import { rendererTokens, resolveAll, resolveTheme } from "~/lib/design-tokens/resolve";
import { sampleSystem } from "~/lib/design-tokens/sample";
import { unresolvedTokenRefs } from "~/lib/wireframes/token-refs";
import { kitBindings, kitDocument, KitPreview } from "./kit-preview";
import { TokenOverview } from "./token-overview";
import { renderAt, textOf } from "./test-render";
import { wireframeDocumentSchema } from "~/lib/wireframes/schema";

describe("KitPreview", () => {
  it("draws the kit with the chosen theme's tokens, and names them", async () => {
    const byTheme = resolveAll(sampleSystem());
    const light = await renderAt(<KitPreview resolvedByTheme={byTheme} theme="light" />, "/design?tab=overview");
    expect(light).toContain('aria-label="The UI kit&#x27;s button, text input, card, alert and table in the light theme"');
    expect(light).toContain('fill="#2563eb"'); // color.brand.primary in light
    expect(light).toContain("<filter"); // the card's shadow token
    expect(textOf(light)).toMatch(/Button fill: color\.brand\.primary ?; label: color\.text\.onBrand ?; radius: radius\.md/);
    expect(light).toMatch(/href="\/design\?tab=overview&amp;theme=dark"/);
    expect(light).toMatch(/aria-current="true"[^>]*>light</);

    const dark = await renderAt(<KitPreview resolvedByTheme={byTheme} />, "/design?tab=overview&theme=dark");
    // Without a theme given, the first; the links carry the switch for a page without JavaScript.
    expect(dark).toContain('fill="#2563eb"');
    const darkChosen = await renderAt(<KitPreview resolvedByTheme={byTheme} theme="dark" />);
    expect(darkChosen).toContain('fill="#60a5fa"'); // color.brand.primary in dark
    expect(darkChosen).not.toContain('fill="#2563eb"');
  });

  it("links to the themes it was not given (loaded with ?theme=)", async () => {
    const light = new Map([["light", resolveTheme(sampleSystem(), "light")]]);
    const html = await renderAt(<KitPreview resolvedByTheme={light} themes={["light", "dark"]} />, "/design?tab=overview&theme=light");
    expect(html).toContain('fill="#2563eb"');
    expect(html).toMatch(/href="\/design\?tab=overview&amp;theme=dark"[^>]*>dark</);
  });

  it("binds every part to an existing token of the starting system, in a valid document", () => {
    const tokens = rendererTokens(resolveTheme(sampleSystem(), "light"));
    const bindings = kitBindings(tokens);
    expect(Object.entries(bindings).filter(([, token]) => token === null)).toEqual([]);
    const doc = kitDocument(bindings);
    expect(wireframeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(unresolvedTokenRefs(doc, tokens)).toEqual([]);
  });

  it("falls back to the kit's own values for a system without such tokens", () => {
    const bindings = kitBindings({});
    expect(Object.values(bindings).every((b) => b === null)).toBe(true);
    const doc = kitDocument(bindings);
    expect(wireframeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(unresolvedTokenRefs(doc, {})).toEqual([]);
  });
});

describe("TokenOverview", () => {
  it("shows swatches by group, a type specimen, spacing, radius and shadows", async () => {
    const html = await renderAt(<TokenOverview resolved={[...resolveTheme(sampleSystem(), "light").values()]} theme="light" />);
    const t = textOf(html);
    expect(t).toMatch(/Colours \(\d+\)/);
    expect(t).toContain("color.gray");
    expect(t).toContain("#2563eb");
    expect(t).toMatch(/Type scale \(\d+\)/);
    expect(t).toContain("typography.display");
    expect(t).toContain("The quick brown fox jumps over the lazy dog");
    expect(t).toMatch(/Spacing \(9\)/);
    expect(t).toMatch(/Radius \(5\)/);
    expect(t).toMatch(/Shadows \(3\)/);
    expect(html).toContain("box-shadow:0 4px 8px -2px");
  });

  it("says what would fill each empty section", async () => {
    const t = textOf(await renderAt(<TokenOverview resolved={[]} />));
    expect(t).toContain("No colour tokens yet.");
    expect(t).toContain("No shadow tokens yet.");
  });
});
