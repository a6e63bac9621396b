/**
 * Small token-tree helpers the design services need before (or beside) the shared library
 * in app/lib/design-tokens/: merging a project's overlay onto the base with each token's
 * status, and the base system a workspace starts from.
 */
import type { DesignSystemDoc, TokenStatus, TokenTree } from "~/lib/design-tokens/types";

const isGroup = (v: unknown): v is TokenTree => typeof v === "object" && v !== null && !Array.isArray(v);
export const isTokenNode = (v: unknown): v is TokenTree => isGroup(v) && "$value" in v;

/** Every token's path in a tree (group `$`-keys skipped). */
export function tokenPaths(tree: TokenTree, prefix = ""): string[] {
  const out: string[] = [];
  for (const [key, child] of Object.entries(tree)) {
    if (key.startsWith("$") || !isGroup(child)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTokenNode(child)) out.push(path);
    else out.push(...tokenPaths(child, path));
  }
  return out;
}

/** `overlay` merged onto `base` token by token (overlay wins; groups merged, `$`-keys of the overlay's groups kept). */
function mergeTrees(base: TokenTree, overlay: TokenTree): TokenTree {
  const out: TokenTree = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const prev = out[key];
    out[key] = isGroup(prev) && !isTokenNode(prev) && isGroup(value) && !isTokenNode(value) ? mergeTrees(prev, value) : value;
  }
  return out;
}

/**
 * The effective document: the overlay's sets merged onto the base's sets of the same name
 * (new sets appended), its themes replacing the base's of the same name (new ones appended).
 * `status` keys are `set/path`. With `isBase`, every token is the scope's own.
 */
export function mergeDocs(
  base: DesignSystemDoc,
  overlay: DesignSystemDoc,
  isBase = false,
): { doc: DesignSystemDoc; status: Map<string, TokenStatus> } {
  const status = new Map<string, TokenStatus>();
  const sets = base.sets.map((s) => ({ name: s.name, tokens: s.tokens }));
  for (const s of base.sets) for (const p of tokenPaths(s.tokens)) status.set(`${s.name}/${p}`, isBase ? "own" : "inherited");
  for (const o of overlay.sets) {
    const i = sets.findIndex((s) => s.name === o.name);
    for (const p of tokenPaths(o.tokens)) status.set(`${o.name}/${p}`, status.has(`${o.name}/${p}`) ? "overridden" : "own");
    if (i === -1) sets.push({ name: o.name, tokens: o.tokens });
    else sets[i] = { name: o.name, tokens: mergeTrees(sets[i]!.tokens, o.tokens) };
  }
  const themes = base.themes.map((t) => overlay.themes.find((o) => o.name === t.name) ?? t);
  for (const t of overlay.themes) if (!themes.some((x) => x.name === t.name)) themes.push(t);
  return { doc: { sets, themes }, status };
}

const hex = (h: string) => {
  const n = h.replace("#", "");
  const c = [0, 2, 4].map((i) => Math.round((parseInt(n.slice(i, i + 2), 16) / 255) * 10000) / 10000);
  return { colorSpace: "srgb", components: c, hex: `#${n}` };
};
const color = (h: string) => ({ $value: hex(h) });
const px = (v: number) => ({ $value: { value: v, unit: "px" } });

/** The system a new workspace starts from: a small palette, light and dark semantics, type, spacing, radius, a shadow. */
export function defaultBaseSystem(): DesignSystemDoc {
  return {
    sets: [
      {
        name: "core",
        tokens: {
          color: {
            $type: "color",
            blue: { "500": color("#0f62fe"), "700": color("#0043ce") },
            gray: { "50": color("#f4f4f4"), "100": color("#e0e0e0"), "700": color("#525252"), "900": color("#161616") },
            white: color("#ffffff"),
          },
          spacing: { $type: "dimension", "1": px(4), "2": px(8), "4": px(16), "8": px(32) },
          radius: { $type: "dimension", sm: px(4), md: px(8) },
          font: {
            family: { $type: "fontFamily", sans: { $value: ["Inter", "system-ui", "sans-serif"] } },
            size: { $type: "dimension", body: px(16), heading: px(24) },
          },
        },
      },
      {
        name: "light",
        tokens: {
          color: {
            $type: "color",
            text: { default: { $value: "{color.gray.900}" } },
            surface: { default: { $value: "{color.white}" } },
            brand: { $value: "{color.blue.500}" },
          },
        },
      },
      {
        name: "dark",
        tokens: {
          color: {
            $type: "color",
            text: { default: { $value: "{color.gray.50}" } },
            surface: { default: { $value: "{color.gray.900}" } },
            brand: { $value: "{color.blue.500}" },
          },
        },
      },
    ],
    themes: [
      { name: "light", sets: ["core", "light"] },
      { name: "dark", sets: ["core", "dark"] },
    ],
  };
}
