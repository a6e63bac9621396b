import { Form, Link, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { PlayerHotspot, PlayerScreen, PlayerView } from "~/lib/wireframes/player";

/**
 * The prototype player, shared by /prototypes/{id} (members) and /p/{token} (link viewers):
 * a full-window frame with a bar (name, flow picker, screen name and place, previous and
 * next, fit or 100 %) and the screen drawn on the server by the one renderer (an SVG file
 * shown as an image), its hotspots real links laid over it. JavaScript adds the keys (arrows, H, Escape), the flash of every
 * hotspot after a click beside one, going back in history, and the timers of delayed
 * interactions; without it everything is a link and delays use a refresh.
 */

/** useLayoutEffect in the browser; on the server (where it only warns) nothing runs anyway. */
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The screen and its overlay come drawn: SVG files the server draws with the one renderer (render.tsx), cached by their ETag. */
export type PlayedView = Omit<PlayerView, "doc"> & { src: string; overlaySrc: string | null };
export type PlayerData = { view: PlayedView | null; fit: boolean };

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

/** The current query with some keys changed (null removes one). */
export function withQuery(search: string, changes: Record<string, string | null>): string {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : "?";
}

/** Keeps the player's own extra keys (zoom, an open panel) on the links of hotspots. */
function keep(href: string, search: string, keys: readonly string[]): string {
  if (!href.startsWith("?")) return href;
  const from = new URLSearchParams(search);
  const q = new URLSearchParams(href.slice(1));
  for (const k of keys) {
    const v = from.get(k);
    if (v !== null) q.set(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : "?";
}

export function PlayerFrame({
  title,
  view,
  search,
  keepKeys,
  fit,
  actions,
  panel,
  children,
}: {
  title: React.ReactNode;
  view: PlayedView;
  search: string;
  keepKeys: readonly string[];
  fit: boolean;
  actions?: React.ReactNode;
  panel?: React.ReactNode;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const k = (href: string | null) => (href ? keep(href, search, keepKeys) : null);
  const prev = k(view.prevHref);
  const next = k(view.nextHref);
  const close = view.overlay ? k(view.overlay.closeHref) : null;
  // The keys act on the screen now shown: the targets are updated before the browser paints the
  // new screen (a layout effect), so a key pressed as soon as it shows cannot reach the last
  // screen's targets (an effect runs after paint: ArrowRight right after ArrowLeft did nothing).
  const targets = useRef({ next, prev, close });
  useBeforePaint(() => {
    targets.current = { next, prev, close };
  }, [next, prev, close]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const { next, prev, close } = targets.current;
      if (e.key === "ArrowRight" && next) navigate(next);
      else if (e.key === "ArrowLeft" && prev) navigate(prev);
      else if (e.key === "Escape" && close) navigate(close);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);
  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-slate-200" data-testid="prototype-player">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
        <div className="flex min-w-0 items-center gap-2">{title}</div>
        <FlowPicker view={view} search={search} />
        <p className="min-w-0 truncate" aria-live="polite">
          <span className="font-semibold text-slate-900" data-testid="screen-name">
            {view.overlay ? `${view.screen.name} › ${view.overlay.screen.name}` : view.screen.name}
          </span>{" "}
          <span className="text-slate-500">{view.index !== null ? `${view.index} of ${view.count}` : `not on this flow`}</span>
        </p>
        <nav aria-label="Screens" className="flex items-center gap-1">
          <StepLink href={prev} label="Previous screen" text="‹" />
          <StepLink href={next} label="Next screen" text="›" />
          <Link
            to={withQuery(search, { zoom: fit ? "100" : null })}
            className="rounded-md px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
            aria-label={fit ? "Show at 100 %" : "Scale to fit"}
          >
            {fit ? "100 %" : "Fit"}
          </Link>
        </nav>
        <Loading />
        <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>
      </header>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        {children}
        {panel}
      </div>
    </div>
  );
}

/** "Loading…" while the next screen is on its way (JavaScript only; without it the browser shows its own). */
function Loading() {
  const busy = useNavigation().state !== "idle";
  return (
    <span role="status" className="text-slate-500">
      {busy ? "Loading…" : ""}
    </span>
  );
}

function StepLink({ href, label, text }: { href: string | null; label: string; text: string }) {
  const cls = "rounded-md px-2 py-1 text-lg leading-none";
  return href ? (
    <Link to={href} aria-label={label} title={`${label} (arrow key)`} className={`${cls} text-slate-700 hover:bg-slate-100`}>
      {text}
    </Link>
  ) : (
    <span aria-hidden className={`${cls} text-slate-300`}>
      {text}
    </span>
  );
}

/** A GET form: choosing a flow starts it. Without JavaScript its button plays the choice. */
function FlowPicker({ view, search }: { view: PlayedView; search: string }) {
  const submit = useSubmit();
  if (view.flows.length < 2) return view.flows[0] ? <span className="text-slate-500">{view.flows[0].name}</span> : null;
  const zoom = new URLSearchParams(search).get("zoom");
  return (
    <Form method="get" className="flex items-center gap-1" onChange={(e) => submit(e.currentTarget)}>
      <label htmlFor="flow-picker" className="sr-only">
        Flow
      </label>
      <select
        id="flow-picker"
        name="flow"
        defaultValue={view.flowId ?? undefined}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
      >
        {view.flows.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </select>
      {zoom ? <input type="hidden" name="zoom" value={zoom} /> : null}
      <noscript>
        <button type="submit" className="rounded-md px-2 py-1 font-medium text-slate-700 ring-1 ring-slate-300">
          Play
        </button>
      </noscript>
    </Form>
  );
}

/**
 * The stage: neutral background, the screen scaled to fit (or at 100 % with scrolling),
 * its hotspots and an overlay. `pinLayer` draws feedback pins over the screen; while
 * `placing` a click on the screen gives its spot (screen px) instead of playing.
 */
export function PlayerStage({
  data,
  search,
  keepKeys,
  pinLayer,
  placing,
}: {
  data: PlayerData & { view: PlayedView };
  search: string;
  keepKeys: readonly string[];
  pinLayer?: React.ReactNode;
  placing?: (spot: { x: number; y: number }) => void;
}) {
  const { view, fit } = data;
  const navigate = useNavigate();
  const [always, setAlways] = useState(false);
  const [flash, setFlash] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const delay = view.delay;
  useEffect(() => {
    if (!delay || delay.external) return;
    const t = setTimeout(() => navigate(keep(delay.href, search, keepKeys)), delay.ms);
    return () => clearTimeout(t);
  }, [delay, navigate, search, keepKeys]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if ((e.key === "h" || e.key === "H") && !e.metaKey && !e.ctrlKey && !e.altKey) setAlways((v) => !v);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lit = always || flash;
  const onStageClick = (e: React.MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest("a,button,input,textarea,select,label")) return;
    if (placing) {
      const box = (e.currentTarget.querySelector("[data-screen-box]") as HTMLElement | null)?.getBoundingClientRect();
      if (!box) return;
      const x = ((e.clientX - box.left) / box.width) * view.screen.width;
      const y = ((e.clientY - box.top) / box.height) * view.screen.height;
      if (x >= 0 && y >= 0 && x <= view.screen.width && y <= view.screen.height) placing({ x: Math.round(x), y: Math.round(y) });
      return;
    }
    setFlash(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlash(false), 700);
  };
  const k = (href: string) => keep(href, search, keepKeys);
  const { screen, overlay } = view;
  return (
    // A click beside a hotspot is a pointer-only hint; the keyboard has the H key and the links themselves.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <main
      id="main"
      className={`flex min-h-0 flex-1 overflow-auto p-2 sm:p-6 ${fit ? "items-center justify-center" : "items-start justify-start"}`}
      onClick={onStageClick}
      data-hotspots={lit ? "shown" : "hidden"}
    >
      {delay && !delay.external ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${Math.max(0, Math.round(delay.ms / 1000))};url=${k(delay.href)}`} />
        </noscript>
      ) : null}
      <div
        data-screen-box
        className={`relative shrink-0 bg-white shadow-lg ${placing ? "cursor-crosshair" : ""}`}
        style={{
          aspectRatio: `${screen.width} / ${screen.height}`,
          width: fit ? `min(100%, calc((100dvh - 9rem) * ${screen.width / screen.height}))` : `${screen.width}px`,
        }}
      >
        <img src={view.src} alt={screen.name} className="block h-full w-full select-none" draggable={false} />
        <Hotspots spots={view.hotspots} screen={screen} lit={lit && !overlay} disabled={Boolean(placing) || Boolean(overlay)} href={k} />
        {overlay ? (
          <>
            {overlay.backdrop ? (
              <Link to={k(overlay.closeHref)} aria-label="Close overlay" className="absolute inset-0 bg-slate-900/40" />
            ) : null}
            <div
              role="dialog"
              aria-label={overlay.screen.name}
              className="absolute bg-white shadow-2xl"
              style={{
                left: pct(overlay.position ? overlay.position.x : (screen.width - overlay.screen.width) / 2, screen.width),
                top: pct(overlay.position ? overlay.position.y : (screen.height - overlay.screen.height) / 2, screen.height),
                width: pct(overlay.screen.width, screen.width),
                height: pct(overlay.screen.height, screen.height),
              }}
              data-testid="prototype-overlay"
            >
              {view.overlaySrc ? (
                <img src={view.overlaySrc} alt={overlay.screen.name} className="block h-full w-full select-none" draggable={false} />
              ) : null}
              <Hotspots spots={overlay.hotspots} screen={overlay.screen} lit={lit} disabled={Boolean(placing)} href={k} />
            </div>
          </>
        ) : null}
        {pinLayer}
      </div>
    </main>
  );
}

function Hotspots({
  spots,
  screen,
  lit,
  disabled,
  href,
}: {
  spots: PlayerHotspot[];
  screen: PlayerScreen;
  lit: boolean;
  disabled: boolean;
  href: (h: string) => string;
}) {
  const navigate = useNavigate();
  return (
    <div className={disabled ? "pointer-events-none" : undefined}>
      {spots.map((h) => {
        const style = {
          left: pct(h.x, screen.width),
          top: pct(h.y, screen.height),
          width: pct(h.width, screen.width),
          height: pct(h.height, screen.height),
        };
        const cls = `absolute rounded-sm transition-colors focus-visible:outline-2 focus-visible:outline-sky-600 ${
          lit ? "bg-sky-400/25 ring-2 ring-sky-500" : "hover:bg-sky-400/10"
        }`;
        if (h.external)
          return (
            <a
              key={h.id}
              href={h.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={h.label}
              className={cls}
              style={style}
              data-hotspot
              tabIndex={disabled ? -1 : undefined}
            />
          );
        return (
          <Link
            key={h.id}
            to={href(h.href)}
            aria-label={h.label}
            className={cls}
            style={style}
            data-hotspot
            tabIndex={disabled ? -1 : undefined}
            onClick={(e) => {
              // Back goes back in the browser's history when there is some in the player.
              const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
              if (h.back && idx > 0) {
                e.preventDefault();
                navigate(-1);
              }
            }}
          />
        );
      })}
    </div>
  );
}

/** No screen at all: the wireframe is empty. */
export function EmptyPrototype({ editHref }: { editHref?: string }) {
  return (
    <main id="main" className="flex flex-1 items-center justify-center p-6 text-center">
      <div className="max-w-sm rounded-xl bg-white p-6 shadow">
        <h2 className="text-lg font-semibold text-slate-900">Nothing to play yet</h2>
        <p className="mt-2 text-sm text-slate-600">
          This wireframe has no screens. Add a screen and some interactions in the editor first.
        </p>
        {editHref ? (
          <Link to={editHref} className="mt-4 inline-block font-semibold text-brand-700 underline">
            Open the editor
          </Link>
        ) : null}
      </div>
    </main>
  );
}

/** The messages of one field (or, with "", the form's) from a conform reply sent back by the server. */
export function replyErrors(reply: unknown, field: string): string | undefined {
  const errors = (reply as { error?: Record<string, string[] | null> } | null | undefined)?.error;
  const list = errors?.[field];
  return list && list.length > 0 ? list.join(" ") : undefined;
}
