/**
 * Copy and paste of elements, also between wireframes and browser tabs: the system
 * clipboard carries a JSON text payload marked as ours, validated with the document's own
 * schema when it comes back (it may come from anywhere), and pasted with fresh ids.
 */
import { z } from "zod";
import type { Op, WireframeDocument, WireframeElement } from "../document";
import { boundsOf } from "../geometry";
import { newId } from "../elements";
import { keysBetween, topKey } from "../order";
import { elementSchema } from "../schema";
import { paintOrder, rootsOf, withDescendants } from "./tree";

export const CLIPBOARD_KIND = "atelier/wireframe-elements";

export type ClipboardPayload = {
  kind: typeof CLIPBOARD_KIND;
  version: 1;
  /** The wireframe it was copied from (pasting into the same one offsets the copy). */
  wireframeId: string;
  /** The copied roots, in paint order, then everything inside them (parents first). */
  elements: WireframeElement[];
};

const payloadSchema = z.object({
  kind: z.literal(CLIPBOARD_KIND),
  version: z.literal(1),
  wireframeId: z.string().max(64),
  elements: z.array(elementSchema).min(1).max(2000),
});

/** The payload for the selection (its roots with all their descendants), or null for nothing. */
export function copyPayload(doc: WireframeDocument, wireframeId: string, ids: readonly string[]): ClipboardPayload | null {
  const roots = new Set(rootsOf(doc.elements, ids));
  if (roots.size === 0) return null;
  const screenId = doc.elements[[...roots][0]!]!.screenId;
  const ordered = paintOrder(doc, screenId)
    .filter((el) => roots.has(el.id))
    .map((el) => el.id);
  // Roots from another screen than the first are left out (a selection is on one screen).
  return { kind: CLIPBOARD_KIND, version: 1, wireframeId, elements: withDescendants(doc.elements, ordered) };
}

export function serializePayload(payload: ClipboardPayload): string {
  return JSON.stringify(payload);
}

/** The payload in a clipboard text, or null when the text is not ours (or is broken). */
export function parsePayload(text: string): ClipboardPayload | null {
  if (!text.includes(CLIPBOARD_KIND)) return null;
  try {
    const r = payloadSchema.safeParse(JSON.parse(text));
    return r.success ? (r.data as ClipboardPayload) : null;
  } catch {
    return null;
  }
}

/**
 * The ops that paste `payload` onto `screenId`, on top of its top level, moved by
 * (dx, dy), with fresh ids (parents and attachments inside the copy follow the new ids;
 * an attachment to an element outside the copy stays if that element is on this screen).
 */
export function pasteOps(
  doc: WireframeDocument,
  payload: Pick<ClipboardPayload, "elements">,
  screenId: string,
  offset: { dx: number; dy: number },
): { ops: Op[]; ids: string[] } {
  const ids = new Map(payload.elements.map((el) => [el.id, newId()]));
  const roots = payload.elements.filter((el) => el.parentId === null || !ids.has(el.parentId));
  const keys = keysBetween(topKey(doc, screenId, null), null, roots.length);
  const rootOrder = new Map(roots.map((el, i) => [el.id, keys[i]!]));
  const attach = (a: { elementId: string } | null) => {
    if (!a) return null;
    const mapped = ids.get(a.elementId);
    if (mapped) return { elementId: mapped };
    return doc.elements[a.elementId]?.screenId === screenId ? a : null;
  };
  const ops: Op[] = payload.elements.map((el) => {
    let copy = {
      ...el,
      id: ids.get(el.id)!,
      screenId,
      parentId: rootOrder.has(el.id) ? null : ids.get(el.parentId!)!,
      order: rootOrder.get(el.id) ?? el.order,
      x: Math.round(el.x + offset.dx),
      y: Math.round(el.y + offset.dy),
    } as WireframeElement;
    if (copy.type === "line" || copy.type === "arrow") copy = { ...copy, start: attach(copy.start), end: attach(copy.end) };
    return { op: "add-element", element: copy };
  });
  return { ops, ids: roots.map((el) => ids.get(el.id)!) };
}

/**
 * Where a paste lands: over the originals, moved by 16 px, while they are still on this
 * screen where they were (so repeated pastes cascade); otherwise in place, or centred in
 * `view` when the copy would not be seen there.
 */
export function pasteOffset(
  doc: WireframeDocument,
  payload: Pick<ClipboardPayload, "elements">,
  screenId: string,
  view: { x: number; y: number; width: number; height: number } | null,
): { dx: number; dy: number } {
  const roots = payload.elements.filter((el) => el.parentId === null || !payload.elements.some((p) => p.id === el.parentId));
  const box = boundsOf(roots);
  if (!box) return { dx: 0, dy: 0 };
  // Repeated pastes step on: 16 px past the last copy that still sits where a paste put it
  // (judged by the first root: an element of its size at that place).
  const first = roots[0]!;
  const occupied = (n: number) =>
    Object.values(doc.elements).some(
      (el) =>
        el.screenId === screenId &&
        el.type === first.type &&
        el.x === first.x + n &&
        el.y === first.y + n &&
        el.width === first.width &&
        el.height === first.height,
    );
  let step = 0;
  while (step < 1024 && occupied(step)) step += 16;
  if (step > 0) return { dx: step, dy: step };
  if (view) {
    const visible =
      box.x < view.x + view.width && box.x + box.width > view.x && box.y < view.y + view.height && box.y + box.height > view.y;
    if (!visible) {
      return {
        dx: Math.round(view.x + view.width / 2 - (box.x + box.width / 2)),
        dy: Math.round(view.y + view.height / 2 - (box.y + box.height / 2)),
      };
    }
  }
  return { dx: 0, dy: 0 };
}
