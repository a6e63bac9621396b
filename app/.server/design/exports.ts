/**
 * Downloads of a design system, produced with Style Dictionary 4 (the version that runs on Node 20)
 * fed with our own DTCG export, in memory (no files written). Style Dictionary 4 does not read the
 * 2025.10 object values (colour `{colorSpace, components}`, dimension `{value, unit}`), so one value
 * transform (`atelier/css`) turns every value into its CSS text first (`cssValue`), after aliases
 * are resolved; with `outputReferences` the CSS and SCSS keep aliases as `var(--…)` / `$…`.
 */
import type { DesignTokens, Dictionary, TransformedToken } from "style-dictionary/types";
import type { createPropertyFormatter as CreatePropertyFormatter } from "style-dictionary/utils";
import { UserError } from "~/.server/errors";
import { onFirstUse } from "~/.server/on-first-use";
import { exportThemeName, sortTree, themeTree, toDtcgJson, toTokensStudioJson } from "~/lib/design-tokens/interchange";
import { cssValue, themeNames } from "~/lib/design-tokens/resolve";
import { childKeys, isObject, isTokenNode, isTokenType } from "~/lib/design-tokens/tree";
import type { DesignSystemDoc, TokenType } from "~/lib/design-tokens/types";
import { checkSystem } from "~/lib/design-tokens/validate";
import { EXPORT_FORMATS, type ExportFormat } from "~/lib/forms/design";

export { EXPORT_FORMATS, type ExportFormat };
export const isExportFormat = (v: unknown): v is ExportFormat => typeof v === "string" && (EXPORT_FORMATS as readonly string[]).includes(v);

export type ExportFile = { filename: string; contentType: string; body: string };

const HEADER = "Design tokens exported by Atelier. Do not edit: change them in Atelier and export again.";

/** The value each token gets: CSS text; numbers stay numbers (fontWeight, number) for JS. */
export function tokenOutputValue(type: TokenType, value: unknown): string | number {
  const css = cssValue(type, value);
  return (type === "number" || type === "fontWeight") && css !== "" && Number.isFinite(Number(css)) ? Number(css) : css;
}

type SdToken = TransformedToken;

/** Style Dictionary, loaded on the first export rather than at server start (issue 12: about 30 MB). */
const loadStyleDictionary = onFirstUse(async () => {
  const [sd, utils] = await Promise.all([import("style-dictionary"), import("style-dictionary/utils")]);
  return { StyleDictionary: sd.default, hooks: atelierHooks(utils.createPropertyFormatter) };
});

/** Our transform and formats, for every Style Dictionary we run. */
const atelierHooks = (createPropertyFormatter: typeof CreatePropertyFormatter) => ({
  transforms: {
    "atelier/css": {
      type: "value" as const,
      transitive: true,
      transform: (token: SdToken) => tokenOutputValue((token.$type as TokenType | undefined) ?? "number", token.$value ?? token.value),
    },
  },
  formats: {
    /**
     * `css/variables` without its sort by reference: custom properties may refer to ones defined
     * later, and that sort compares every pair of aliases (seconds for 2,000 tokens).
     */
    "atelier/css-variables": ({ dictionary, options }: FormatArgs) => {
      const line = createPropertyFormatter({ outputReferences: true, dictionary, format: "css", usesDtcg: true });
      return `${String(options.selector ?? ":root")} {\n${dictionary.allTokens.map(line).join("\n")}\n}\n`;
    },
    /** `scss/variables` with aliases kept as `$name`, each variable after the ones it uses. */
    "atelier/scss-variables": ({ dictionary }: FormatArgs) => {
      const line = createPropertyFormatter({ outputReferences: true, dictionary, format: "sass", usesDtcg: true });
      // `$size/$line-height` (a typography shorthand) would be a division in Sass: interpolate both sides.
      const noDivision = (l: string) => l.replace(/(\$[\w-]+)\/(\$[\w-]+)/g, "#{$1}/#{$2}");
      return `${definitionOrder(dictionary.allTokens).map(line).map(noDivision).join("\n")}\n`;
    },
    /** `javascript/es6` without the Prettier pass: one `export const` per token. */
    "atelier/js-es6": ({ dictionary }: FormatArgs) =>
      dictionary.allTokens.map((t) => `${docComment(t)}export const ${t.name} = ${JSON.stringify(t.$value)};\n`).join(""),
    /** `typescript/es6-declarations`, to go with the module above. */
    "atelier/dts": ({ dictionary }: FormatArgs) =>
      dictionary.allTokens
        .map((t) => `${docComment(t)}export const ${t.name}: ${typeof t.$value === "number" ? "number" : "string"};\n`)
        .join(""),
    /** The transformed tokens as JSON, for the Tailwind files built below. */
    "atelier/json-list": ({ dictionary }: FormatArgs) =>
      JSON.stringify(dictionary.allTokens.map((t) => ({ path: t.path, type: t.$type, value: t.$value }))),
  },
});

type FormatArgs = { dictionary: Dictionary; options: Record<string, unknown> };

const docComment = (t: SdToken) =>
  typeof t.$description === "string" && t.$description !== "" ? `/** ${t.$description.replace(/\*\//g, "* /")} */\n` : "";

/** Tokens ordered so that each comes after every token its original value refers to. */
function definitionOrder(tokens: SdToken[]): SdToken[] {
  const byPath = new Map(tokens.map((t) => [t.path.join("."), t]));
  const out: SdToken[] = [];
  const state = new Map<SdToken, 1 | 2>();
  const visit = (t: SdToken) => {
    if (state.get(t)) return;
    state.set(t, 1);
    const original = JSON.stringify(t.original?.$value ?? "");
    for (const m of original.matchAll(/\{([^{}"]+)\}/g)) {
      const dep = byPath.get(m[1]);
      if (dep && !state.get(dep)) visit(dep);
    }
    state.set(t, 2);
    out.push(t);
  };
  tokens.forEach(visit);
  return out;
}

/** Our DTCG export of a theme as Style Dictionary reads it (2025.10 values: needs `atelier/css`). */
export function dtcgTokensFor(doc: DesignSystemDoc, theme?: string): Record<string, unknown> {
  return JSON.parse(toDtcgJson(doc, { theme })) as Record<string, unknown>;
}

/**
 * The same tokens with each value already in its CSS text (`atelier/css` applied ahead), aliases
 * kept (`{a.b}`, inside composites too). Style Dictionary then resolves and names them in one pass;
 * its transitive transform loop, which clones every token per level of aliases, is what made an
 * export of 2,000 tokens take seconds.
 */
export function styleDictionaryTokensFor(doc: DesignSystemDoc, theme?: string): Record<string, unknown> {
  const walk = (node: Record<string, unknown>, inherited: TokenType | undefined): Record<string, unknown> => {
    const type = isTokenType(node.$type) ? node.$type : inherited;
    if (isTokenNode(node)) {
      const out: Record<string, unknown> = { $value: type ? tokenOutputValue(type, node.$value) : node.$value };
      if (type) out.$type = type;
      if (typeof node.$description === "string") out.$description = node.$description;
      return out;
    }
    const out: Record<string, unknown> = {};
    if (type) out.$type = type;
    for (const key of childKeys(node)) {
      const child = node[key];
      if (isObject(child)) out[key] = walk(child, type);
    }
    return out;
  };
  return walk(sortTree(themeTree(doc, theme)), undefined);
}

type FileSpec = { format: string; options?: Record<string, unknown> };

/** Run Style Dictionary in memory on one theme's tokens and return the file it formats. */
export async function runStyleDictionary(
  tokens: Record<string, unknown>,
  nameTransform: string,
  file: FileSpec,
  { valueTransform = false }: { valueTransform?: boolean } = {},
) {
  const { StyleDictionary, hooks } = await loadStyleDictionary();
  const sd = new StyleDictionary(
    {
      tokens: tokens as DesignTokens,
      usesDtcg: true,
      log: { verbosity: "silent", warnings: "disabled" },
      hooks: hooks as never,
      platforms: {
        out: {
          transforms: valueTransform ? [nameTransform, "atelier/css"] : [nameTransform],
          files: [{ destination: "out", format: file.format, options: { showFileHeader: false, ...file.options } }],
        },
      },
    },
    { init: false },
  );
  await sd.init({ verbosity: "silent", warnings: "disabled" });
  const [out] = await sd.formatPlatform("out");
  return String(out.output);
}

/** A Style Dictionary run that fails means the system has a problem: say which. */
async function guarded<T>(doc: DesignSystemDoc, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const issue = checkSystem(doc)[0];
    if (issue) throw new UserError(409, `The design system cannot be exported: ${issue.path} ${issue.message}`.trim());
    throw e;
  }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "theme";

const cssComment = (text: string) => `/* ${text} */\n`;

/** One theme's CSS declarations as Style Dictionary writes them (`--name: value;` lines, aliases as var()). */
async function cssBlock(doc: DesignSystemDoc, theme: string, selector: string) {
  return runStyleDictionary(styleDictionaryTokensFor(doc, theme), "name/kebab", {
    format: "atelier/css-variables",
    options: { selector },
  });
}

// ---------------------------------------------------------------- Tailwind

type ListedToken = { path: string[]; type: TokenType; value: string | number };

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const dropLead = (path: string[], ...leads: string[][]) => {
  for (const lead of leads) if (lead.every((seg, i) => path[i] === seg) && path.length > lead.length) return path.slice(lead.length);
  return null;
};

/**
 * Where a token goes in Tailwind: its v4 `@theme` namespace and v3 `theme.extend` key, and its name
 * there (`color.blue.500` -> `--color-blue-500` / `colors.blue.500`). Null: no Tailwind slot.
 */
function tailwindSlot(t: ListedToken): { ns: string; key: string; v3: string; rest: string[] } | null {
  const p = t.path;
  const slot = (ns: string, v3: string, rest: string[] | null) => (rest ? { ns, v3, rest, key: rest.map(kebab).join("-") } : null);
  switch (t.type) {
    case "color":
      return slot("color", "colors", dropLead(p, ["color"], ["colors"]) ?? p);
    case "fontFamily":
      return slot("font", "fontFamily", dropLead(p, ["font", "family"], ["fontFamily"], ["font"]) ?? p);
    case "fontWeight":
      return slot("font-weight", "fontWeight", dropLead(p, ["font", "weight"], ["fontWeight"]) ?? p);
    case "shadow":
      return slot("shadow", "boxShadow", dropLead(p, ["shadow"], ["boxShadow"]) ?? p);
    case "cubicBezier":
      return slot("ease", "transitionTimingFunction", dropLead(p, ["easing"], ["ease"]) ?? p);
    case "duration":
      return slot("duration", "transitionDuration", dropLead(p, ["duration"]) ?? p);
    case "number": {
      const rest = dropLead(p, ["font", "lineHeight"], ["lineHeight"], ["leading"]);
      return rest ? slot("leading", "lineHeight", rest) : null;
    }
    case "dimension": {
      const radius = dropLead(p, ["radius"], ["borderRadius"], ["rounded"]);
      if (radius) return slot("radius", "borderRadius", radius);
      const spacing = dropLead(p, ["spacing"], ["space"]);
      if (spacing) return slot("spacing", "spacing", spacing);
      const size = dropLead(p, ["font", "size"], ["fontSize"], ["text"]);
      if (size) return slot("text", "fontSize", size);
      const tracking = dropLead(p, ["font", "letterSpacing"], ["letterSpacing"], ["tracking"]);
      if (tracking) return slot("tracking", "letterSpacing", tracking);
      const bp = dropLead(p, ["breakpoint"], ["screens"]);
      return bp ? slot("breakpoint", "screens", bp) : null;
    }
    default:
      return null;
  }
}

async function listTokens(doc: DesignSystemDoc, theme: string): Promise<ListedToken[]> {
  const text = await runStyleDictionary(styleDictionaryTokensFor(doc, theme), "name/kebab", {
    format: "atelier/json-list",
  });
  return JSON.parse(text) as ListedToken[];
}

const tw4Name = (t: ListedToken) => {
  const s = tailwindSlot(t);
  return s ? `--${s.ns}-${s.key}` : `--${t.path.map(kebab).join("-")}`;
};

async function tailwind4(doc: DesignSystemDoc, themes: string[]): Promise<string> {
  const [first, ...others] = await Promise.all(themes.map((t) => listTokens(doc, t)));
  const line = (t: ListedToken) => `  ${tw4Name(t)}: ${t.value};\n`;
  let out = cssComment(HEADER);
  out += `@import "tailwindcss";\n\n@theme {\n${first.map(line).join("")}}\n`;
  const base = new Map(first.map((t) => [tw4Name(t), String(t.value)]));
  others.forEach((tokens, i) => {
    const changed = tokens.filter((t) => base.get(tw4Name(t)) !== String(t.value));
    out += `\n[data-theme="${themes[i + 1]}"] {\n${changed.map(line).join("")}}\n`;
  });
  return out;
}

async function tailwind3(doc: DesignSystemDoc, theme: string): Promise<string> {
  const tokens = await listTokens(doc, theme);
  const extend: Record<string, Record<string, unknown>> = {};
  for (const t of tokens) {
    const s = tailwindSlot(t);
    if (!s) continue;
    const group = (extend[s.v3] ??= {});
    if (s.v3 === "colors") {
      // Nested, as Tailwind 3 reads colours (`blue: { 500: … }`); a group's own colour is DEFAULT.
      let node: Record<string, unknown> = group;
      s.rest.forEach((seg, i) => {
        const k = seg === "$root" ? "DEFAULT" : seg;
        if (i === s.rest.length - 1) {
          if (isObject(node[k])) (node[k] as Record<string, unknown>).DEFAULT = t.value;
          else node[k] = t.value;
        } else {
          if (!isObject(node[k])) node[k] = node[k] === undefined ? {} : { DEFAULT: node[k] };
          node = node[k] as Record<string, unknown>;
        }
      });
    } else group[s.key] = s.v3 === "fontWeight" ? String(t.value) : t.value;
  }
  return `// ${HEADER}\n// Tailwind CSS v3: use as a preset (presets: [require("./design-tokens.tailwind.cjs")]).\n/** @type {import('tailwindcss').Config} */\nmodule.exports = ${JSON.stringify({ theme: { extend } }, null, 2)};\n`;
}

// ---------------------------------------------------------------- the export

/**
 * A download of the system in one format. `theme` picks one theme; without it the CSS and Tailwind 4
 * files hold every theme (`:root` for the first, `[data-theme="…"]` for the others) and the
 * single-theme formats (DTCG, SCSS, JS, TypeScript, Tailwind 3) take the first.
 */
export async function exportSystem(doc: DesignSystemDoc, format: ExportFormat, { theme }: { theme?: string } = {}): Promise<ExportFile> {
  const names = themeNames(doc);
  if (theme !== undefined && !names.includes(theme)) throw new UserError(404, `There is no theme named ${theme}.`);
  const one = exportThemeName(doc, theme);
  const suffix = theme !== undefined ? `-${slug(theme)}` : "";
  return guarded(doc, async () => {
    switch (format) {
      case "dtcg":
        return {
          filename: `design-tokens-${slug(one)}.json`,
          contentType: "application/json; charset=utf-8",
          body: toDtcgJson(doc, { theme }),
        };
      case "tokens-studio":
        return {
          filename: "design-tokens.tokens-studio.json",
          contentType: "application/json; charset=utf-8",
          body: toTokensStudioJson(doc),
        };
      case "css": {
        const themes = theme !== undefined ? [theme] : names;
        const blocks = await Promise.all(
          themes.map((t, i) => cssBlock(doc, t, i === 0 ? ":root" : `[data-theme="${t.replace(/"/g, '\\"')}"]`)),
        );
        return {
          filename: `design-tokens${suffix}.css`,
          contentType: "text/css; charset=utf-8",
          body: cssComment(HEADER) + blocks.map((b) => b.trim()).join("\n\n") + "\n",
        };
      }
      case "scss":
        return {
          filename: `_design-tokens${suffix}.scss`,
          contentType: "text/x-scss; charset=utf-8",
          body:
            `// ${HEADER}\n// Theme: ${one}\n` +
            (await runStyleDictionary(styleDictionaryTokensFor(doc, one), "name/kebab", {
              format: "atelier/scss-variables",
            })),
        };
      case "js":
        return {
          filename: `design-tokens${suffix}.js`,
          contentType: "text/javascript; charset=utf-8",
          body:
            `// ${HEADER}\n// Theme: ${one}\n` +
            (await runStyleDictionary(styleDictionaryTokensFor(doc, one), "name/pascal", { format: "atelier/js-es6" })),
        };
      case "dts":
        return {
          filename: `design-tokens${suffix}.d.ts`,
          contentType: "application/typescript; charset=utf-8",
          body:
            `// ${HEADER}\n// Theme: ${one}\n` +
            (await runStyleDictionary(styleDictionaryTokensFor(doc, one), "name/pascal", {
              format: "atelier/dts",
            })),
        };
      case "tailwind4":
        return {
          filename: `design-tokens${suffix}.tailwind.css`,
          contentType: "text/css; charset=utf-8",
          body: await tailwind4(doc, theme !== undefined ? [theme] : names),
        };
      case "tailwind3":
        return {
          filename: `design-tokens${suffix}.tailwind.cjs`,
          contentType: "text/javascript; charset=utf-8",
          body: await tailwind3(doc, one),
        };
    }
  });
}
