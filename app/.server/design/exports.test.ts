import { describe, expect, it } from "vitest";
import { UserError } from "~/.server/errors";
import { toDtcgJson, toTokensStudioJson } from "~/lib/design-tokens/interchange";
import { cssValue, resolveTheme } from "~/lib/design-tokens/resolve";
import { sampleSystem } from "~/lib/design-tokens/sample";
import { dtcgTokensFor, EXPORT_FORMATS, exportSystem, runStyleDictionary } from "./exports";

/** `selector -> { --name: value }` of a CSS file's blocks (comments dropped). */
function parseCss(css: string): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const decls = new Map<string, string>();
    for (const d of m[2].split(";")) {
      const i = d.indexOf(":");
      if (i > 0) decls.set(d.slice(0, i).trim(), d.slice(i + 1).trim());
    }
    blocks.set(m[1].trim(), decls);
  }
  return blocks;
}

/** Every var() of a block followed to its value, as a browser computes the custom properties. */
function computed(decls: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  const value = (name: string, depth = 0): string => {
    if (depth > 20) throw new Error(`var() loop at ${name}`);
    const raw = decls.get(name);
    if (raw === undefined) throw new Error(`undefined custom property ${name}`);
    return raw.replace(/var\((--[a-z0-9-]+)\)/g, (_, ref: string) => value(ref, depth + 1));
  };
  for (const name of decls.keys()) out.set(name, value(name));
  return out;
}

const kebab = (path: string) =>
  `--${path
    .split(".")
    .map((s) => s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase())
    .join("-")}`;

describe("exportSystem", () => {
  it("answers every format with a file name, a content type and a body", async () => {
    for (const format of EXPORT_FORMATS) {
      const file = await exportSystem(sampleSystem(), format);
      expect(file.filename).toMatch(/^_?design-tokens[\w.-]*$/);
      expect(file.contentType).toMatch(/charset=utf-8$/);
      expect(file.body.length).toBeGreaterThan(500);
    }
    expect((await exportSystem(sampleSystem(), "dtcg", { theme: "dark" })).body).toBe(toDtcgJson(sampleSystem(), { theme: "dark" }));
    expect((await exportSystem(sampleSystem(), "tokens-studio")).body).toBe(toTokensStudioJson(sampleSystem()));
  });

  it("writes CSS custom properties: :root for the first theme, [data-theme] for the others, aliases as var()", async () => {
    const css = parseCss((await exportSystem(sampleSystem(), "css")).body);
    expect([...css.keys()]).toEqual([":root", '[data-theme="dark"]']);
    expect(css.get(":root")?.get("--color-text-primary")).toBe("var(--color-gray-900)");
    expect(css.get('[data-theme="dark"]')?.get("--color-text-primary")).toBe("var(--color-gray-50)");
    expect(css.get(":root")?.get("--border-focus")).toBe("2px solid var(--color-brand-primary)");
    expect(css.get(":root")?.get("--typography-body")).toBe(
      "var(--font-weight-regular) var(--font-size-md)/var(--font-line-height-normal) var(--font-family-sans)",
    );
    const dark = parseCss((await exportSystem(sampleSystem(), "css", { theme: "dark" })).body);
    expect([...dark.keys()]).toEqual([":root"]);
    expect(dark.get(":root")?.get("--color-text-primary")).toBe("var(--color-gray-50)");
  });

  it("matches what Style Dictionary writes from our DTCG export, and every value resolves to ours", async () => {
    const doc = sampleSystem();
    const ours = parseCss((await exportSystem(doc, "css")).body);
    for (const [theme, selector] of [
      ["light", ":root"],
      ["dark", '[data-theme="dark"]'],
    ]) {
      // Style Dictionary's own css/variables format, fed the 2025.10 file with our value transform.
      const text = await runStyleDictionary(
        dtcgTokensFor(doc, theme),
        "name/kebab",
        { format: "css/variables", options: { outputReferences: true, selector } },
        { valueTransform: true },
      );
      const theirs = parseCss(text).get(selector)!;
      const mine = ours.get(selector)!;
      expect(Object.fromEntries(mine)).toEqual(Object.fromEntries(theirs));
      // Followed through var(), each property is the CSS text of the token's resolved value.
      const values = computed(mine);
      const resolved = resolveTheme(doc, theme);
      expect(values.size).toBe(resolved.size);
      for (const t of resolved.values()) expect([t.path, values.get(kebab(t.path))]).toEqual([t.path, cssValue(t.type, t.resolved)]);
    }
  });

  it("writes SCSS variables with each alias after what it uses, and a JS module with its declarations", async () => {
    const scss = (await exportSystem(sampleSystem(), "scss")).body;
    expect(scss).toContain("$color-text-primary: $color-gray-900;");
    expect(scss.indexOf("$color-gray-900:")).toBeLessThan(scss.indexOf("$color-text-primary:"));
    expect(scss.indexOf("$color-border-default:")).toBeLessThan(scss.indexOf("$border-default:"));
    expect(scss).toContain("$typography-body: $font-weight-regular #{$font-size-md}/#{$font-line-height-normal} $font-family-sans;");
    const js = (await exportSystem(sampleSystem(), "js", { theme: "dark" })).body;
    expect(js).toContain('export const ColorTextPrimary = "#f8fafc";');
    expect(js).toContain("export const FontWeightBold = 700;");
    expect(js).toContain('export const ShadowSm = "0 1px 2px 0 #00000014";');
    const dts = (await exportSystem(sampleSystem(), "dts")).body;
    expect(dts).toContain("export const FontWeightBold: number;");
    expect(dts).toContain("/** Primary actions. */\nexport const ColorBrandPrimary: string;");
    const names = (s: string) => [...s.matchAll(/export const (\w+)/g)].map((m) => m[1]);
    expect(names(dts)).toEqual(names(js));
  });

  it("writes a Tailwind 4 @theme file and a Tailwind 3 theme.extend preset", async () => {
    const tw4 = parseCss((await exportSystem(sampleSystem(), "tailwind4")).body.replace(/@import[^;]*;/, ""));
    expect(tw4.get("@theme")?.get("--color-blue-600")).toBe("#2563eb");
    expect(tw4.get("@theme")?.get("--radius-md")).toBe("8px");
    expect(tw4.get("@theme")?.get("--font-sans")).toBe("Inter, system-ui, sans-serif");
    expect(tw4.get("@theme")?.get("--text-md")).toBe("16px");
    expect(tw4.get('[data-theme="dark"]')?.get("--color-text-primary")).toBe("#f8fafc");
    expect(tw4.get('[data-theme="dark"]')?.has("--color-blue-600")).toBe(false);
    const body = (await exportSystem(sampleSystem(), "tailwind3")).body;
    const mod = { exports: {} as { theme: { extend: Record<string, Record<string, unknown>> } } };
    new Function("module", body)(mod);
    const extend = mod.exports.theme.extend;
    expect((extend.colors.blue as Record<string, string>)["600"]).toBe("#2563eb");
    expect((extend.colors.text as Record<string, string>).primary).toBe("#0f172a");
    expect(extend.spacing["4"]).toBe("16px");
    expect(extend.borderRadius.md).toBe("8px");
    expect(extend.boxShadow.sm).toBe("0 1px 2px 0 #00000014");
  });

  it("refuses an unknown theme and a system whose aliases are broken", async () => {
    await expect(exportSystem(sampleSystem(), "css", { theme: "sepia" })).rejects.toThrow(
      new UserError(404, "There is no theme named sepia."),
    );
    const broken = sampleSystem();
    (broken.sets[1].tokens.color as Record<string, Record<string, unknown>>).text.primary = { $value: "{color.nope}" };
    await expect(exportSystem(broken, "css")).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("color.text.primary Alias {color.nope} points to no token"),
    });
  });
});
