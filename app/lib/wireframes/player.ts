import type { Interaction, Screen, WireframeDocument } from "./document";
import { delayOf, flowScreens, flowsOf, hotspotsOf, pickFlow, sortedScreens } from "./prototype";

/**
 * The player's state for one URL (`?flow=&screen=&overlay=&from=`): which screen shows,
 * which overlay lies on it, and every hotspot as a real link, so the page works the same
 * with JavaScript off. Computed on the server by both players (signed in and shared) and
 * sent with only the screens drawn, never the rest of the document.
 */

export type PlayerScreen = { id: string; name: string; width: number; height: number };
export type PlayerHotspot = {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the link goes: a query string of the player, or an http(s) address (external). */
  href: string;
  external: boolean;
  /** "back" hotspots go back in the browser's history when JavaScript runs. */
  back: boolean;
  label: string;
};
export type PlayerOverlay = {
  interactionId: string;
  screen: PlayerScreen;
  /** Top left in the base screen's px; null: centred. */
  position: { x: number; y: number } | null;
  backdrop: boolean;
  hotspots: PlayerHotspot[];
  closeHref: string;
};
export type PlayerView = {
  flows: { id: string; name: string }[];
  flowId: string | null;
  screen: PlayerScreen;
  /** 1-based place in the flow's screens, or null when the screen is not on the flow's path. */
  index: number | null;
  count: number;
  prevHref: string | null;
  nextHref: string | null;
  hotspots: PlayerHotspot[];
  overlay: PlayerOverlay | null;
  /** A screen-level "after a delay" interaction: where to go and when. */
  delay: { ms: number; href: string; external: boolean } | null;
  /** The document cut down to the screens drawn (base and overlay) and their elements. */
  doc: WireframeDocument;
};

type Params = { flow?: string | null; screen?: string | null; overlay?: string | null; from?: string | null };

/** A player URL's query string (`?flow=…&screen=…`), empty parts left out. */
export function playerHref(p: Params): string {
  const q = new URLSearchParams();
  if (p.flow) q.set("flow", p.flow);
  if (p.screen) q.set("screen", p.screen);
  if (p.overlay) q.set("overlay", p.overlay);
  if (p.from) q.set("from", p.from);
  const s = q.toString();
  return s ? `?${s}` : "?";
}

const toScreen = (s: Screen): PlayerScreen => ({ id: s.id, name: s.name, width: s.width, height: s.height });

/** Null when the document has no screen at all. */
export function playerView(doc: WireframeDocument, params: Params): PlayerView | null {
  const flow = pickFlow(doc, params.flow);
  const screens = sortedScreens(doc);
  const screen = (params.screen && doc.screens[params.screen]) || (flow && doc.screens[flow.startScreenId]) || screens[0];
  if (!screen) return null;
  const flowId = flow?.id ?? null;
  const from = params.from && doc.screens[params.from] ? params.from : null;
  const path = flowScreens(doc, flow);
  const at = path.findIndex((s) => s.id === screen.id);
  const here = (extra: Params = {}) => playerHref({ flow: flowId, screen: screen.id, from, ...extra });

  /** The link of one interaction (on the base screen or the overlay). */
  const linkOf = (it: Interaction): { href: string; external: boolean; back: boolean } => {
    const a = it.action;
    switch (a.type) {
      case "navigate":
        return { href: playerHref({ flow: flowId, screen: a.screenId, from: screen.id }), external: false, back: false };
      case "back":
        return { href: playerHref({ flow: flowId, screen: from ?? flow?.startScreenId ?? screen.id }), external: false, back: true };
      case "url":
        return { href: a.url, external: true, back: false };
      case "overlay":
        return { href: here({ overlay: it.id }), external: false, back: false };
      case "close-overlay":
        return { href: here(), external: false, back: false };
    }
  };
  const hotspotsFor = (screenId: string): PlayerHotspot[] =>
    hotspotsOf(doc, screenId).map((h) => ({
      id: h.interaction.id,
      x: h.x,
      y: h.y,
      width: h.width,
      height: h.height,
      ...linkOf(h.interaction),
      label: hotspotLabel(doc, h.element.name, h.interaction),
    }));

  let overlay: PlayerOverlay | null = null;
  const opener = params.overlay ? doc.interactions?.[params.overlay] : undefined;
  if (opener && opener.action.type === "overlay" && doc.screens[opener.action.screenId]) {
    const o = doc.screens[opener.action.screenId]!;
    overlay = {
      interactionId: opener.id,
      screen: toScreen(o),
      position: opener.action.position,
      backdrop: opener.action.backdrop,
      hotspots: hotspotsFor(o.id),
      closeHref: here(),
    };
  }
  const delayed = delayOf(doc, overlay ? overlay.screen.id : screen.id);
  const delayLink = delayed ? linkOf(delayed) : null;
  const drawn = new Set([screen.id, ...(overlay ? [overlay.screen.id] : [])]);
  return {
    flows: flowsOf(doc).map((f) => ({ id: f.id, name: f.name })),
    flowId,
    screen: toScreen(screen),
    index: at >= 0 ? at + 1 : null,
    count: path.length,
    prevHref: at > 0 ? playerHref({ flow: flowId, screen: path[at - 1]!.id }) : null,
    nextHref: at >= 0 && at < path.length - 1 ? playerHref({ flow: flowId, screen: path[at + 1]!.id }) : null,
    hotspots: hotspotsFor(screen.id),
    overlay,
    delay: delayed && delayLink ? { ms: delayed.trigger.ms, href: delayLink.href, external: delayLink.external } : null,
    doc: {
      schemaVersion: doc.schemaVersion,
      screens: Object.fromEntries([...drawn].map((id) => [id, doc.screens[id]!])),
      elements: Object.fromEntries(Object.entries(doc.elements).filter(([, e]) => drawn.has(e.screenId))),
    },
  };
}

function hotspotLabel(doc: WireframeDocument, elementName: string, it: Interaction): string {
  const a = it.action;
  const target = a.type === "navigate" || a.type === "overlay" ? doc.screens[a.screenId]?.name : null;
  if (a.type === "navigate") return `${elementName}: go to ${target}`;
  if (a.type === "overlay") return `${elementName}: open ${target}`;
  if (a.type === "url") return `${elementName}: open ${a.url} in a new tab`;
  if (a.type === "back") return `${elementName}: go back`;
  return `${elementName}: close`;
}
