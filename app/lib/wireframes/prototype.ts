import type { Flow, Interaction, Screen, WireframeDocument, WireframeElement } from "./document";
import { compareOrder, keyBetween } from "./order";
import { newId, treeOrder } from "./ops";
import { actionTarget } from "./schema";

/**
 * Reading a wireframe as a prototype (the player, Prototype mode, the share page): its
 * flows, where each screen's hotspots are, and what a click on one does. Pure and
 * browser-safe; the player renders each screen on the server with render.tsx and lays
 * these hotspots over it as real links.
 */

/** The screens in their order. */
export function sortedScreens(doc: Pick<WireframeDocument, "screens">): Screen[] {
  return Object.values(doc.screens).sort(compareOrder);
}

/** The id a document without stored flows gets for its one flow. */
export const DEFAULT_FLOW_ID = "flow1";

/**
 * The flows, in order. A wireframe always has one: a document that stores none (saved
 * before prototypes, or whose last screen went) plays "Flow 1" from its first screen.
 */
export function flowsOf(doc: Pick<WireframeDocument, "screens" | "flows">): Flow[] {
  const first = sortedScreens(doc)[0];
  const stored = Object.values(doc.flows ?? {})
    .filter((f) => doc.screens[f.startScreenId])
    .sort(compareOrder);
  if (stored.length > 0 || !first) return stored;
  return [{ id: DEFAULT_FLOW_ID, name: "Flow 1", order: "a0", startScreenId: first.id }];
}

/** The flow named `id`, or the first. */
export function pickFlow(doc: Pick<WireframeDocument, "screens" | "flows">, id: string | null | undefined): Flow | null {
  const flows = flowsOf(doc);
  return flows.find((f) => f.id === id) ?? flows[0] ?? null;
}

/** A new flow after the others, starting on `startScreenId`. */
export function newFlow(doc: Pick<WireframeDocument, "flows">, startScreenId: string, name?: string): Flow {
  const flows = Object.values(doc.flows ?? {}).sort(compareOrder);
  const last = flows[flows.length - 1]?.order ?? null;
  return { id: newId(), name: name ?? `Flow ${flows.length + 1}`, order: keyBetween(last, null), startScreenId };
}

/** Interactions of one element, or of one screen (its screen-level ones), in order. */
export function interactionsOf(
  doc: Pick<WireframeDocument, "interactions">,
  source: { elementId: string } | { screenId: string },
): Interaction[] {
  const out: Interaction[] = [];
  for (const it of Object.values(doc.interactions ?? {})) {
    if (
      "elementId" in source
        ? "elementId" in it.source && it.source.elementId === source.elementId
        : "screenId" in it.source && it.source.screenId === source.screenId
    )
      out.push(it);
  }
  return out.sort(compareOrder);
}

/** The order key for a new interaction after the source's others. */
export function nextInteractionOrder(
  doc: Pick<WireframeDocument, "interactions">,
  source: { elementId: string } | { screenId: string },
): string {
  const list = interactionsOf(doc, source);
  return keyBetween(list[list.length - 1]?.order ?? null, null);
}

/** The screen an element is on, for an interaction's source. */
export function sourceScreenId(doc: Pick<WireframeDocument, "elements">, it: Interaction): string | null {
  return "screenId" in it.source ? it.source.screenId : (doc.elements[it.source.elementId]?.screenId ?? null);
}

export type Hotspot = { interaction: Interaction; element: WireframeElement; x: number; y: number; width: number; height: number };

/**
 * The clickable areas of a screen: each visible element (or group) with a click interaction,
 * its first one. Parents come before their children, so a child's hotspot lies on top.
 */
export function hotspotsOf(doc: WireframeDocument, screenId: string): Hotspot[] {
  const byElement = new Map<string, Interaction>();
  for (const it of Object.values(doc.interactions ?? {})) {
    if (!("elementId" in it.source) || it.trigger.type !== "click") continue;
    const prev = byElement.get(it.source.elementId);
    if (!prev || compareOrder(it, prev) < 0) byElement.set(it.source.elementId, it);
  }
  if (byElement.size === 0) return [];
  const out: Hotspot[] = [];
  const hidden = new Set<string>();
  for (const el of treeOrder(doc.elements, screenId)) {
    if (el.hidden || (el.parentId !== null && hidden.has(el.parentId))) {
      hidden.add(el.id);
      continue;
    }
    const it = byElement.get(el.id);
    if (it) out.push({ interaction: it, element: el, x: el.x, y: el.y, width: el.width, height: el.height });
  }
  return out;
}

/** The screen's first "after a delay" interaction, if any. */
export function delayOf(doc: WireframeDocument, screenId: string): (Interaction & { trigger: { type: "delay"; ms: number } }) | null {
  for (const it of interactionsOf(doc, { screenId }))
    if (it.trigger.type === "delay") return it as Interaction & { trigger: { type: "delay"; ms: number } };
  return null;
}

/**
 * A flow's screens for "3 of 8" and the arrow keys: its start, then every screen its
 * interactions reach (going to or overlaying), breadth first in the order of the hotspots.
 */
export function flowScreens(doc: WireframeDocument, flow: Flow | null): Screen[] {
  if (!flow || !doc.screens[flow.startScreenId]) return sortedScreens(doc);
  const seen = new Set<string>([flow.startScreenId]);
  const queue = [flow.startScreenId];
  const out: Screen[] = [];
  while (queue.length > 0) {
    const id = queue.shift()!;
    out.push(doc.screens[id]!);
    const next = [...hotspotsOf(doc, id).map((h) => h.interaction), ...interactionsOf(doc, { screenId: id })];
    for (const it of next) {
      const target = it.action.type === "navigate" ? actionTarget(it.action) : null;
      if (target && doc.screens[target] && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return out;
}

export const ACTION_LABELS: Record<Interaction["action"]["type"], string> = {
  navigate: "Go to screen",
  back: "Go back",
  url: "Open link",
  overlay: "Open overlay",
  "close-overlay": "Close overlay",
};
