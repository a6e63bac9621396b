/**
 * The overview tab (issue 9): one theme's tokens seen rather than read: colour swatches by
 * group, a type-scale specimen (typography tokens, then font sizes), the spacing and radius
 * scales, and the shadows. Drawn on the server from the resolved values (the swatches'
 * colours are the system's data, set inline); an empty section says what would fill it.
 */
import { useId, type ReactNode } from "react";
import { cssValue, toPx } from "~/lib/design-tokens/resolve";
import type { ResolvedToken } from "~/lib/design-tokens/types";
import { isDtcgColor, toHex } from "~/lib/design-tokens/color";

const SPECIMEN = "The quick brown fox jumps over the lazy dog";

function groupOf(path: string): string {
  const parts = path.split(".");
  return parts.length > 1 ? parts.slice(0, -1).join(".") : "(top level)";
}

const lastOf = (path: string) => path.split(".").pop() ?? path;

function Section({ title, count, empty, children }: { title: string; count: number; empty: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({count})</span>
      </h2>
      {count ? children : <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{empty}</p>}
    </section>
  );
}

const css = (t: ResolvedToken) => (t.resolved === undefined ? "" : cssValue(t.type, t.resolved));
const isSpacing = (p: string) => /(^|\.)(spacing|space|gap|size\.space)(\.|$)/i.test(p);
const isRadius = (p: string) => /(^|\.)(radius|radii|rounded|corner)s?(\.|$)/i.test(p);
const isFontSize = (p: string) => /(^|\.)font\.?size|(^|\.)fontSize(\.|$)|(^|\.)text\.size(\.|$)/i.test(p);

function Swatch({ token }: { token: ResolvedToken }) {
  const value = css(token);
  const hex = isDtcgColor(token.resolved) ? toHex(token.resolved) : value;
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
      <span className="size-10 shrink-0 rounded-md border border-slate-300" style={{ background: value }} aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900" title={token.path}>
          {lastOf(token.path)}
        </span>
        <code className="block truncate text-xs text-slate-600">{hex}</code>
        {token.aliasChain.length ? (
          <span className="block truncate text-xs text-slate-500">
            <span className="sr-only">alias of </span>→ {token.aliasChain[token.aliasChain.length - 1]}
          </span>
        ) : null}
      </span>
    </li>
  );
}

export function TokenOverview({ resolved, theme }: { resolved: ResolvedToken[]; theme?: string }) {
  const ok = resolved.filter((t) => t.resolved !== undefined);
  const colors = ok.filter((t) => t.type === "color");
  const groups = new Map<string, ResolvedToken[]>();
  for (const t of colors) groups.set(groupOf(t.path), [...(groups.get(groupOf(t.path)) ?? []), t]);
  const typography = ok.filter((t) => t.type === "typography");
  const fontSizes = ok
    .filter((t) => t.type === "dimension" && isFontSize(t.path))
    .sort((a, b) => (toPx(a.resolved) ?? 0) - (toPx(b.resolved) ?? 0));
  const byPx = (a: ResolvedToken, b: ResolvedToken) => (toPx(a.resolved) ?? 0) - (toPx(b.resolved) ?? 0);
  const spacing = ok.filter((t) => t.type === "dimension" && isSpacing(t.path)).sort(byPx);
  const radii = ok.filter((t) => t.type === "dimension" && isRadius(t.path)).sort(byPx);
  const shadows = ok.filter((t) => t.type === "shadow");
  const maxSpace = Math.max(1, ...spacing.map((t) => toPx(t.resolved) ?? 0));
  return (
    <div className="space-y-10" data-theme-preview={theme}>
      <Section title="Colours" count={colors.length} empty="No colour tokens yet.">
        <div className="space-y-5">
          {[...groups.entries()].map(([group, tokens]) => (
            <div key={group}>
              <h3 className="mb-2 text-sm font-semibold text-slate-700">
                <code>{group}</code>
              </h3>
              <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
                {tokens.map((t) => (
                  <Swatch key={t.path} token={t} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section title="Type scale" count={typography.length + fontSizes.length} empty="No typography tokens or font sizes yet.">
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {typography.map((t) => {
            const v = t.resolved as Record<string, unknown>;
            const size = toPx(v.fontSize);
            return (
              <li key={t.path} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr] sm:items-baseline">
                <span className="min-w-0">
                  <code className="block truncate text-xs font-medium text-slate-900">{t.path}</code>
                  <span className="block text-xs text-slate-600">{css(t)}</span>
                </span>
                <span className="min-w-0 truncate text-slate-900" style={{ font: css(t) }} aria-label={`${SPECIMEN}, at ${size ?? "?"} px`}>
                  {SPECIMEN}
                </span>
              </li>
            );
          })}
          {fontSizes.map((t) => (
            <li key={t.path} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr] sm:items-baseline">
              <span className="min-w-0">
                <code className="block truncate text-xs font-medium text-slate-900">{t.path}</code>
                <span className="block text-xs text-slate-600">{css(t)}</span>
              </span>
              <span className="min-w-0 truncate text-slate-900" style={{ fontSize: css(t), lineHeight: 1.3 }}>
                {SPECIMEN}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Spacing" count={spacing.length} empty="No spacing tokens yet (dimensions under spacing or space).">
        <ul className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
          {spacing.map((t) => {
            const px = toPx(t.resolved) ?? 0;
            return (
              <li key={t.path} className="grid grid-cols-[8rem_4rem_1fr] items-center gap-2 text-sm">
                <code className="truncate text-xs text-slate-900">{t.path}</code>
                <span className="text-xs text-slate-600 tabular-nums">{css(t)}</span>
                <span
                  className="h-3 rounded-sm bg-brand-500"
                  style={{ width: `${Math.max(1, (px / maxSpace) * 100)}%` }}
                  aria-hidden="true"
                />
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title="Radius" count={radii.length} empty="No radius tokens yet (dimensions under radius).">
        <ul className="flex flex-wrap gap-4">
          {radii.map((t) => (
            <li key={t.path} className="flex w-24 flex-col items-center gap-1 text-center">
              <span
                className="size-16 border-2 border-brand-500 bg-brand-50"
                style={{ borderRadius: Math.min(toPx(t.resolved) ?? 0, 32) }}
                aria-hidden="true"
              />
              <code className="max-w-full truncate text-xs text-slate-900">{lastOf(t.path)}</code>
              <span className="text-xs text-slate-600">{css(t)}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Shadows" count={shadows.length} empty="No shadow tokens yet.">
        <ul className="grid grid-cols-1 gap-6 rounded-lg bg-slate-50 p-6 sm:grid-cols-2 lg:grid-cols-3">
          {shadows.map((t) => (
            <li key={t.path} className="rounded-lg bg-white p-4" style={{ boxShadow: css(t) }}>
              <code className="block truncate text-xs font-medium text-slate-900">{t.path}</code>
              <span className="mt-1 block text-xs break-words text-slate-600">{css(t)}</span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
