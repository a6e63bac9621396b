/**
 * A live preview of the wireframe UI kit (button, text input, card, alert, table) drawn by
 * the one wireframe renderer with a theme's design tokens (`rendererTokens`): each part of
 * each component refers to the semantic token that fits it (brand, surface, text, border,
 * radius, shadow, body size) when the system has one, and the legend says which. Switching
 * the theme is a link (`?theme=`, kept with the page's other parameters) that, with
 * JavaScript, redraws at once without a round trip.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useHydrated } from "~/components/ui/form";
import { themeEntries, type ResolvedByTheme } from "~/lib/design-tokens/issues";
import { rendererTokens } from "~/lib/design-tokens/resolve";
import { SCHEMA_VERSION, type ColorValue, type LengthValue, type ShadowValue, type WireframeDocument } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import { ScreenSvg, type TokenValues } from "~/lib/wireframes/render";
import { resolves } from "~/lib/wireframes/token-refs";

type Kind = "color" | "length" | "shadow";
type Role = { kind: Kind; candidates: string[]; like: RegExp; fallback: string | number | null };

/** A role: its kind, fallback, paths to look for (best first), and a pattern that finds a system's own naming. */
const role = (kind: Kind, fallback: string | number | null, like: RegExp, ...candidates: string[]): Role => ({
  kind,
  candidates,
  like,
  fallback,
});

/** What each part of the kit looks for. */
const ROLES = {
  surface: role("color", "#ffffff", /(surface|background|bg)/, "color.surface.default", "color.background.default", "color.surface"),
  raised: role("color", "#ffffff", /surface/, "color.surface.raised", "color.surface.default", "color.surface"),
  sunken: role("color", "#ffffff", /surface/, "color.surface.sunken", "color.surface.default", "color.surface"),
  brand: role("color", "#111827", /(brand|primary|accent)/, "color.brand.primary", "color.brand", "color.primary", "color.accent"),
  onBrand: role("color", "#ffffff", /(on-?brand|inverse)/i, "color.text.onBrand", "color.text.inverse", "color.white"),
  text: role("color", "#111827", /(text|foreground|fg)/, "color.text.primary", "color.text.default", "color.text", "color.foreground"),
  muted: role("color", "#6b7280", /(secondary|muted|subtle)/, "color.text.secondary", "color.text.muted", "color.text.subtle"),
  border: role("color", "#d1d5db", /(border|outline|line)/, "color.border.default", "color.border"),
  danger: role("color", "#fef2f2", /(danger|error)/, "color.background.danger", "color.surface.danger", "color.danger.background"),
  dangerText: role("color", "#991b1b", /(danger|error)/, "color.text.danger", "color.danger.text", "color.danger"),
  radiusSm: role("length", 4, /radius/, "radius.sm", "radius.small", "border.radius.sm"),
  radiusMd: role("length", 6, /radius/, "radius.md", "radius.medium", "radius.default", "border.radius.md"),
  radiusLg: role("length", 8, /radius/, "radius.lg", "radius.large", "border.radius.lg"),
  shadow: role("shadow", null, /(shadow|elevation)/, "shadow.md", "shadow.sm", "shadow.default", "elevation.md"),
  body: role("length", 14, /(body|base|md)/, "typography.body.fontSize", "font.size.md", "font.size.body", "font.size.base"),
};
type RoleName = keyof typeof ROLES;

/** For each role, the token of this theme that fills it (null: none fits, the kit's own value is used). */
export function kitBindings(tokens: TokenValues): Record<RoleName, string | null> {
  const out = {} as Record<RoleName, string | null>;
  const paths = Object.keys(tokens).sort();
  for (const [name, r] of Object.entries(ROLES) as [RoleName, Role][]) {
    const fits = (p: string) => resolves({ token: p, expects: r.kind }, tokens);
    out[name] =
      r.candidates.find(fits) ??
      paths.find((p) => fits(p) && r.like.test(p) && (name !== "body" || /font|size|typography/.test(p))) ??
      null;
  }
  return out;
}

/** The kit's five components on one screen, their colours, radii, shadow and size referring to `bindings`. */
export function kitDocument(bindings: Record<RoleName, string | null>): WireframeDocument {
  const c = (role: RoleName): ColorValue => (bindings[role] ? { token: bindings[role]! } : (ROLES[role].fallback as string));
  const l = (role: RoleName): LengthValue => (bindings[role] ? { token: bindings[role]! } : (ROLES[role].fallback as number));
  const shadow: ShadowValue | null = bindings.shadow ? { token: bindings.shadow } : null;
  const screenId = "kit-preview";
  const text = (color: ColorValue, weight: 400 | 600 = 400, align: "left" | "center" = "left") => ({
    fontSize: l("body"),
    fontWeight: weight,
    align,
    color,
    lineHeight: 1.4,
  });
  const elements = [
    defaultElement("ui", {
      id: "kit-button",
      screenId,
      component: "button",
      name: "Button",
      x: 32,
      y: 32,
      width: 140,
      height: 44,
      order: "a0",
      text: "Save changes",
      fill: c("brand"),
      stroke: null,
      radius: l("radiusMd"),
      textStyle: text(c("onBrand"), 600, "center"),
    }),
    defaultElement("ui", {
      id: "kit-input",
      screenId,
      component: "text-input",
      name: "Text input",
      x: 196,
      y: 32,
      width: 300,
      height: 44,
      order: "a1",
      text: "Email address",
      fill: c("sunken"),
      stroke: c("border"),
      radius: l("radiusSm"),
      textStyle: text(c("muted")),
    }),
    defaultElement("ui", {
      id: "kit-card",
      screenId,
      component: "card",
      name: "Card",
      x: 32,
      y: 108,
      width: 300,
      height: 236,
      order: "a2",
      text: "Card title\nSupporting text drawn with the theme's own colours.",
      fill: c("raised"),
      stroke: c("border"),
      radius: l("radiusLg"),
      shadow,
      textStyle: text(c("text")),
    }),
    defaultElement("ui", {
      id: "kit-alert",
      screenId,
      component: "alert",
      name: "Alert",
      x: 364,
      y: 108,
      width: 324,
      height: 56,
      order: "a3",
      text: "Something went wrong.",
      props: { variant: "error" },
      fill: c("danger"),
      stroke: c("border"),
      radius: l("radiusMd"),
      textStyle: text(c("dangerText")),
    }),
    defaultElement("ui", {
      id: "kit-table",
      screenId,
      component: "table",
      name: "Table",
      x: 364,
      y: 188,
      width: 324,
      height: 156,
      order: "a4",
      text: "Name\nRole\nStatus",
      props: { rows: 3 },
      fill: c("surface"),
      stroke: c("border"),
      radius: l("radiusMd"),
      textStyle: text(c("text")),
    }),
  ];
  return {
    schemaVersion: SCHEMA_VERSION,
    screens: {
      [screenId]: { id: screenId, name: "UI kit", order: "a0", device: "custom", width: 720, height: 376, background: c("surface") },
    },
    elements: Object.fromEntries(elements.map((e) => [e.id, e])),
  } as WireframeDocument;
}

const LEGEND: { label: string; roles: [RoleName, string][] }[] = [
  {
    label: "Button",
    roles: [
      ["brand", "fill"],
      ["onBrand", "label"],
      ["radiusMd", "radius"],
    ],
  },
  {
    label: "Text input",
    roles: [
      ["sunken", "fill"],
      ["border", "border"],
      ["muted", "placeholder"],
      ["radiusSm", "radius"],
    ],
  },
  {
    label: "Card",
    roles: [
      ["raised", "fill"],
      ["text", "text"],
      ["radiusLg", "radius"],
      ["shadow", "shadow"],
    ],
  },
  {
    label: "Alert",
    roles: [
      ["danger", "fill"],
      ["dangerText", "text"],
    ],
  },
  {
    label: "Table",
    roles: [
      ["surface", "fill"],
      ["border", "lines"],
      ["body", "text size"],
    ],
  },
];

export function KitPreview({
  resolvedByTheme,
  theme: initial,
  themes,
}: {
  /** Resolved tokens of the themes at hand (all of them switch at once; the others by loading `?theme=`). */
  resolvedByTheme: ResolvedByTheme;
  theme?: string;
  /** Every theme's name, when `resolvedByTheme` holds only some. */
  themes?: string[];
}) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const byTheme = useMemo(
    () => themeEntries(resolvedByTheme).map(([name, tokens]) => [name, rendererTokens(tokens)] as const),
    [resolvedByTheme],
  );
  const loaded = byTheme.map(([n]) => n);
  const names = themes?.length ? themes : loaded;
  const start = initial && loaded.includes(initial) ? initial : (loaded[0] ?? "");
  const [picked, setPicked] = useState<string | null>(null);
  const theme = picked && loaded.includes(picked) ? picked : start;
  const tokens = useMemo(() => byTheme.find(([n]) => n === theme)?.[1] ?? {}, [byTheme, theme]);
  const bindings = useMemo(() => kitBindings(tokens), [tokens]);
  const doc = useMemo(() => kitDocument(bindings), [bindings]);
  const hrefFor = (name: string) => {
    const next = new URLSearchParams(params);
    next.set("theme", name);
    return `?${next.toString()}`;
  };
  if (!loaded.length) return <p className="text-sm text-slate-600">This system has no themes to preview.</p>;
  return (
    <section aria-labelledby="kit-preview-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="kit-preview-heading" className="text-base font-semibold text-slate-900">
          UI kit preview
        </h2>
        {names.length > 1 ? (
          <nav aria-label="Preview theme" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
            {names.map((name) => (
              <Link
                key={name}
                to={hrefFor(name)}
                replace
                preventScrollReset
                aria-current={name === theme ? "true" : undefined}
                className={`rounded-md px-3 py-1 text-sm font-medium ${name === theme ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                onClick={(e) => {
                  if (!hydrated || !loaded.includes(name)) return;
                  e.preventDefault();
                  setPicked(name);
                }}
              >
                {name}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      <figure className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100 p-3 sm:p-4">
        <ScreenSvg
          doc={doc}
          screenId="kit-preview"
          tokens={tokens}
          className="h-auto w-full max-w-3xl"
          title={`The UI kit's button, text input, card, alert and table in the ${theme} theme`}
        />
        <figcaption className="sr-only">Drawn by the wireframe renderer with the {theme} theme's tokens.</figcaption>
      </figure>
      <dl className="grid gap-x-6 gap-y-2 text-xs sm:grid-cols-2 lg:grid-cols-3" data-theme={theme}>
        {LEGEND.map((part) => (
          <div key={part.label}>
            <dt className="font-semibold text-slate-800">{part.label}</dt>
            <dd className="text-slate-600">
              {part.roles.map(([role, what], i) => (
                <span key={role}>
                  {i > 0 ? "; " : null}
                  {what}: {bindings[role] ? <code>{bindings[role]}</code> : <span className="italic">kit default</span>}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
