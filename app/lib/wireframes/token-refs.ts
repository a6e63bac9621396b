/**
 * Design tokens in wireframes: where a document refers to tokens (fill, stroke, radius,
 * shadow, text colour and size, a screen's background, an instance's fill overrides),
 * which of those references the chosen theme does not resolve (the editor marks and lists
 * them), and what the editor receives from the design system (`WireframeDesign`).
 * Browser-safe; the values come from `rendererTokens` of app/lib/design-tokens.
 */
import type { Screen, WireframeElement } from "./document";
import { isTokenRef } from "./document";
import type { TokenValues } from "./render";

/** What a reference needs its token to give: a CSS colour, a px number, a CSS shadow. */
export type TokenExpects = "color" | "length" | "shadow";

/** One token reference: where it is (an element's property, or a screen's background) and what it needs. */
export type TokenRefUse = {
  elementId: string | null;
  screenId: string;
  /** `fill`, `stroke`, `radius`, `shadow`, `textStyle.color`, `textStyle.fontSize`, `background`, `overrides.<part>.fill`. */
  property: string;
  token: string;
  expects: TokenExpects;
};

/** What the token pickers offer, by the kind of property: colours, dimensions, font sizes, shadows. */
export type TokenOptionKind = "color" | "dimension" | "fontSize" | "shadow";
export type TokenOption = { path: string; kind: TokenOptionKind };

/** The design system as the wireframe editor and the thumbnails see it. */
export type WireframeDesign = {
  /** Theme names, in the system's order. */
  themes: string[];
  /** The theme drawn first (`?theme=` or the system's first). */
  theme: string;
  /** Each theme's renderer values (colour path → CSS colour, dimension → px, shadow → CSS…). */
  tokensByTheme: Record<string, TokenValues>;
  options: TokenOption[];
};

/** What a property of this name needs from its token. */
export function expectsOf(property: string): TokenExpects {
  if (property === "radius" || property === "textStyle.fontSize") return "length";
  if (property === "shadow") return "shadow";
  return "color";
}

/** Every token reference of one element. */
export function tokenRefsOf(el: WireframeElement): TokenRefUse[] {
  const refs: TokenRefUse[] = [];
  const add = (property: string, value: unknown) => {
    if (isTokenRef(value))
      refs.push({ elementId: el.id, screenId: el.screenId, property, token: value.token, expects: expectsOf(property) });
  };
  add("fill", el.fill);
  add("stroke", el.stroke);
  add("radius", el.radius);
  add("shadow", el.shadow);
  if ("textStyle" in el) {
    add("textStyle.color", el.textStyle.color);
    add("textStyle.fontSize", el.textStyle.fontSize);
  }
  if (el.type === "instance") for (const [part, o] of Object.entries(el.overrides)) add(`overrides.${part}.fill`, o.fill);
  return refs;
}

/** Every token reference of a document (or a part of it): its screens' backgrounds, then its elements. */
export function documentTokenRefs(doc: { elements: Record<string, WireframeElement>; screens?: Record<string, Screen> }): TokenRefUse[] {
  const refs: TokenRefUse[] = [];
  for (const screen of Object.values(doc.screens ?? {})) {
    if (isTokenRef(screen.background))
      refs.push({ elementId: null, screenId: screen.id, property: "background", token: screen.background.token, expects: "color" });
  }
  for (const el of Object.values(doc.elements)) refs.push(...tokenRefsOf(el));
  return refs;
}

/** A CSS colour is one word outside parentheses (`#fff`, `oklch(0.6 0.1 250)`); a shadow is several. */
function looksLikeColor(value: string): boolean {
  return !/\s/.test(value.replace(/\([^)]*\)/g, "").trim());
}

/** Whether `tokens` gives the reference a value of the kind it needs. */
export function resolves(ref: Pick<TokenRefUse, "token" | "expects">, tokens: TokenValues | undefined): boolean {
  const v = tokens?.[ref.token];
  if (ref.expects === "length") return typeof v === "number";
  if (typeof v !== "string") return false;
  return ref.expects === "color" ? looksLikeColor(v) : true;
}

/** The references the theme's values do not resolve (a deleted or renamed token, or one of another type): drawn with a fallback. */
export function unresolvedTokenRefs(
  doc: { elements: Record<string, WireframeElement>; screens?: Record<string, Screen> },
  tokens: TokenValues | undefined,
): TokenRefUse[] {
  return documentTokenRefs(doc).filter((ref) => !resolves(ref, tokens));
}

/** How a property is named to people ("Text colour", "Fill of Label"). */
export function propertyLabel(property: string): string {
  const named: Record<string, string> = {
    fill: "Fill",
    stroke: "Stroke",
    radius: "Radius",
    shadow: "Shadow",
    "textStyle.color": "Text colour",
    "textStyle.fontSize": "Font size",
    background: "Background",
  };
  const part = /^overrides\.(.+)\.fill$/.exec(property);
  return named[property] ?? (part ? `Fill of part ${part[1]}` : property);
}

/** The options a picker of this kind offers, sorted by path. */
export function optionsOf(options: readonly TokenOption[], kind: TokenOptionKind): string[] {
  return options
    .filter((o) => o.kind === kind || (kind === "fontSize" && o.kind === "dimension"))
    .map((o) => o.path)
    .sort((a, b) => a.localeCompare(b));
}
