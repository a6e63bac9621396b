/**
 * Design tokens in the wireframe editor (issue 9): the chosen theme (a switch in the header
 * redraws the canvas with the other theme's values), the token pickers of the properties
 * panel (fill, stroke, radius, text colour and size, shadow: the element stores
 * `{ token: path }`), and the references the theme does not resolve, marked on the canvas
 * and listed in the panel. The design comes from the route's loader (`WireframeDesign`).
 */
import { useRevalidator } from "@remix-run/react";
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { ColorValue, LengthValue, ShadowValue, TokenRef, WireframeDocument } from "~/lib/wireframes/document";
import { isTokenRef } from "~/lib/wireframes/document";
import type { TokenValues } from "~/lib/wireframes/render";
import { colorSchema, shadowSchema } from "~/lib/wireframes/schema";
import {
  optionsOf,
  propertyLabel,
  resolves,
  unresolvedTokenRefs,
  type TokenOptionKind,
  type TokenRefUse,
  type WireframeDesign,
} from "~/lib/wireframes/token-refs";
import { MIXED, type Mixed } from "./fields";
import { useObservable } from "./observable";
import type { EditorState, EditorStore } from "./store";

type DesignState = {
  design: WireframeDesign | null;
  theme: string;
  /** The chosen theme's values, for the renderer. */
  tokens: TokenValues | undefined;
  setTheme: (theme: string) => void;
};

const DesignContext = createContext<DesignState>({ design: null, theme: "", tokens: undefined, setTheme: () => {} });

/**
 * The chosen theme's tokens (and the switch) for everything inside the editor. Coming back to
 * the tab (from the design system, say) loads the tokens again, so a changed value shows.
 */
export function DesignProvider({ design, children }: { design: WireframeDesign | null | undefined; children: ReactNode }) {
  const [chosen, setChosen] = useState(design?.theme ?? "");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") revalidate.current();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
  const value = useMemo<DesignState>(() => {
    const theme = design && design.themes.includes(chosen) ? chosen : (design?.theme ?? "");
    return {
      design: design ?? null,
      theme,
      tokens: design?.tokensByTheme[theme],
      setTheme: (next) => {
        setChosen(next);
        // A reload keeps the theme (the loader reads ?theme=).
        const url = new URL(window.location.href);
        url.searchParams.set("theme", next);
        window.history.replaceState(window.history.state, "", url);
      },
    };
  }, [design, chosen]);
  return <DesignContext.Provider value={value}>{children}</DesignContext.Provider>;
}

export const useDesign = () => useContext(DesignContext);

const select =
  "h-7 min-w-0 rounded border border-slate-300 bg-white px-1.5 text-sm text-slate-900 focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500";
const labelClass = "block text-xs font-medium text-slate-600";

/** The header's theme switch: the canvas redraws with the other theme's values. */
export function ThemeSwitch() {
  const { design, theme, setTheme } = useDesign();
  const id = useId();
  if (!design || design.themes.length < 2) return null;
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-700">
        Theme
      </label>
      <select id={id} className={select} value={theme} onChange={(e) => setTheme(e.target.value)}>
        {design.themes.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}

const EXPECTS: Record<TokenOptionKind, TokenRefUse["expects"]> = {
  color: "color",
  dimension: "length",
  fontSize: "length",
  shadow: "shadow",
};

/** A property's value without its token: what the token gives in this theme (so nothing jumps), or a plain default. */
function detached(kind: TokenOptionKind, path: string, tokens: TokenValues | undefined): ColorValue | LengthValue | ShadowValue | null {
  const v = tokens?.[path];
  if (kind === "color") return typeof v === "string" && colorSchema.safeParse(v).success ? v : "#a1a1aa";
  if (kind === "shadow") return typeof v === "string" && shadowSchema.safeParse(v).success ? v : null;
  return typeof v === "number" ? v : kind === "fontSize" ? 16 : 0;
}

/**
 * Picks a design token for one property: its options are the system's tokens of that kind;
 * "No token" keeps the value the token gave. The resolved value in the chosen theme shows
 * beside it, and a token the theme does not have says so.
 */
export function TokenPicker({
  label,
  kind,
  value,
  onCommit,
  disabled,
}: {
  label: string;
  kind: TokenOptionKind;
  value: Mixed<ColorValue | LengthValue | ShadowValue | null | undefined>;
  onCommit: (value: TokenRef | ColorValue | LengthValue | ShadowValue | null) => void;
  disabled?: boolean;
}) {
  const { design, theme, tokens } = useDesign();
  const id = useId();
  const noteId = useId();
  if (!design) return null;
  const current = value !== MIXED && isTokenRef(value) ? value.token : "";
  const paths = optionsOf(design.options, kind);
  const missing = current !== "" && !resolves({ token: current, expects: EXPECTS[kind] }, tokens);
  const shown = current ? tokens?.[current] : undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-1">
        <select
          id={id}
          className={`${select} w-full`}
          value={value === MIXED ? "\u0000mixed" : current}
          disabled={disabled}
          aria-describedby={current ? noteId : undefined}
          aria-invalid={missing ? true : undefined}
          onChange={(e) => {
            const path = e.target.value;
            if (path === "\u0000mixed" || path === current) return;
            onCommit(path ? { token: path } : detached(kind, current, tokens));
          }}
        >
          {value === MIXED ? <option value={"\u0000mixed"}>Mixed</option> : null}
          <option value="">No token</option>
          {current && !paths.includes(current) ? <option value={current}>{current} (missing)</option> : null}
          {paths.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        {kind === "color" && typeof shown === "string" && !missing ? (
          <span aria-hidden="true" className="h-5 w-5 shrink-0 rounded border border-slate-300" style={{ background: shown }} />
        ) : null}
      </div>
      {current ? (
        <p id={noteId} className={`mt-0.5 truncate text-xs ${missing ? "font-medium text-amber-800" : "text-slate-600"}`}>
          {missing
            ? `No such token in the ${theme} theme: drawn with a fallback.`
            : `${theme}: ${typeof shown === "number" ? `${shown} px` : shown}`}
        </p>
      ) : null}
    </div>
  );
}

/** The shadow of the selection: CSS text typed in, or a token. */
export function ShadowField({
  value,
  onCommit,
  disabled,
}: {
  value: Mixed<ShadowValue | null | undefined>;
  onCommit: (value: ShadowValue | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const literal = value === MIXED || isTokenRef(value) ? "" : (value ?? "");
  const shown = text ?? literal;
  const commit = () => {
    if (text === null) return;
    setText(null);
    const t = text.trim();
    if (t === literal) return;
    if (t === "" || t === "none") {
      setError(null);
      if (value !== null && value !== undefined) onCommit(null);
      return;
    }
    const r = shadowSchema.safeParse(t);
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? "Not a shadow.");
      return;
    }
    setError(null);
    onCommit(t);
  };
  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={id} className={labelClass}>
          Shadow (CSS)
        </label>
        <input
          id={id}
          className={`${select} w-full`}
          value={shown}
          placeholder={value === MIXED ? "Mixed" : isTokenRef(value) ? "From its token" : "none, or 0 2px 8px #0f172a33"}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={() => setText(shown)}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
            if (e.key === "Escape") setText(null);
          }}
        />
        {error ? (
          <p id={errorId} className="mt-0.5 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <TokenPicker
        label="Shadow token"
        kind="shadow"
        value={value}
        disabled={disabled}
        onCommit={(v) => onCommit(v as ShadowValue | null)}
      />
    </div>
  );
}

const selectDoc = (s: EditorState) => s.doc;

/** The unresolved references of the document in the chosen theme. */
function useMissing(doc: WireframeDocument): TokenRefUse[] {
  const { design, tokens } = useDesign();
  return useMemo(() => (design ? unresolvedTokenRefs(doc, tokens) : []), [design, doc, tokens]);
}

/**
 * A path the tokens do not know may be new (a teammate renamed a token: its elements' references
 * arrive as patches): the tokens are loaded again, once per new set of unknown paths.
 */
function useReloadForNewPaths(missing: TokenRefUse[]) {
  const revalidator = useRevalidator();
  const key = [...new Set(missing.map((m) => m.token))].sort().join(" ");
  // What the page loaded with is known already.
  const asked = useRef<Set<string> | null>(null);
  if (!asked.current) asked.current = new Set([key]);
  useEffect(() => {
    if (!key || asked.current!.has(key)) return;
    asked.current!.add(key);
    revalidator.revalidate();
  }, [key, revalidator]);
}

/** The properties panel's list of references to tokens the chosen theme does not have; each selects its element. */
export function MissingTokens({ store }: { store: EditorStore }) {
  const doc = useObservable(store.state, selectDoc);
  const { theme } = useDesign();
  const missing = useMissing(doc);
  useReloadForNewPaths(missing);
  if (!missing.length) return null;
  return (
    <section aria-labelledby="wf-missing-tokens" className="border-b border-amber-200 bg-amber-50 p-3">
      <h3 id="wf-missing-tokens" className="mb-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
        Missing tokens ({missing.length})
      </h3>
      <p className="mb-1.5 text-xs text-amber-900">
        These elements refer to tokens the {theme} theme does not have (deleted or renamed): they are drawn with a fallback.
      </p>
      <ul className="space-y-1">
        {missing.slice(0, 50).map((m, i) => {
          const el = m.elementId ? doc.elements[m.elementId] : null;
          const where = el ? el.name || el.type : `Screen ${doc.screens[m.screenId]?.name ?? ""}`;
          return (
            <li key={`${m.elementId ?? m.screenId}-${m.property}-${i}`}>
              <button
                type="button"
                className="w-full rounded px-1 py-0.5 text-left text-xs text-amber-950 hover:bg-amber-100 focus:ring-1 focus:ring-amber-600 focus:outline-none"
                onClick={() => {
                  store.setScreen(m.screenId);
                  if (el) store.select([el.id], el.parentId);
                }}
              >
                <span className="font-medium">{where}</span> · {propertyLabel(m.property)}: <code>{m.token}</code>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** On the canvas: a dashed outline and a badge on each element of the screen whose token is missing. */
export function MissingTokenMarks({ doc, screenId }: { doc: WireframeDocument; screenId: string }) {
  const missing = useMissing(doc);
  const ids = [...new Set(missing.filter((m) => m.screenId === screenId && m.elementId).map((m) => m.elementId!))];
  if (!ids.length) return null;
  return (
    <g className="pointer-events-none" aria-hidden="true">
      {ids.map((id) => {
        const el = doc.elements[id];
        if (!el || el.hidden) return null;
        return (
          <g key={id} data-missing-token={id}>
            <rect
              x={el.x - 3}
              y={el.y - 3}
              width={el.width + 6}
              height={el.height + 6}
              fill="none"
              className="stroke-amber-600"
              strokeWidth={2}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
            />
            <circle cx={el.x + el.width + 3} cy={el.y - 3} r={8} className="fill-amber-600" />
            <text x={el.x + el.width + 3} y={el.y + 1} fontSize={11} fontWeight={700} textAnchor="middle" className="fill-white">
              !
            </text>
          </g>
        );
      })}
    </g>
  );
}
