import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { compareOrder } from "~/lib/wireframes/order";

/** The first screen of a document and only its elements: what a thumbnail draws. */
export function thumbnailOf(doc: WireframeDocument): { doc: WireframeDocument; screenId: string } | null {
  const first = Object.values(doc.screens).sort(compareOrder)[0];
  if (!first) return null;
  const elements: Record<string, WireframeElement> = {};
  for (const [id, el] of Object.entries(doc.elements)) if (el.screenId === first.id) elements[id] = el;
  return { doc: { schemaVersion: doc.schemaVersion, screens: { [first.id]: first }, elements }, screenId: first.id };
}

/** The main components that instances in these documents draw. */
export function componentIdsOf(docs: WireframeDocument[]): string[] {
  const ids = new Set<string>();
  for (const doc of docs) for (const el of Object.values(doc.elements)) if (el.type === "instance") ids.add(el.componentId);
  return [...ids];
}
