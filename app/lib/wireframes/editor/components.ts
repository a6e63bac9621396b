/**
 * Main components in the editor: a selection saved as a component (its definition, and the
 * instance that takes its place), and a definition opened for editing as a one-screen
 * document, so every editing tool (and undo) works on it too.
 */
import { SCHEMA_VERSION, type ComponentDefinition, type Op, type WireframeDocument, type WireframeElement } from "../document";
import { boundsOf } from "../geometry";
import { defaultElement, newId } from "../elements";
import { placeOf, settle } from "./edits";
import { withDescendants } from "./tree";

/** The id of the one screen a definition is edited on. */
export const COMPONENT_SCREEN = "main-component";

/**
 * The definition made from the selection (fresh ids, coordinates from the selection's own
 * 0,0, screenId "") and the ops that replace the selection with an instance of the
 * component `componentId` (pass the id the server gave it).
 */
export function componentFromSelection(
  doc: WireframeDocument,
  ids: readonly string[],
): { definition: ComponentDefinition; replace: (componentId: string, name: string) => { ops: Op[]; instanceId: string } } | null {
  const place = placeOf(doc, ids);
  if (!place) return null;
  const box = boundsOf(place.ordered)!;
  const all = withDescendants(
    doc.elements,
    place.ordered.map((el) => el.id),
  );
  const fresh = new Map(all.map((el) => [el.id, newId()]));
  const rootIds = new Set(place.ordered.map((el) => el.id));
  const elements: Record<string, WireframeElement> = {};
  for (const el of all) {
    let copy = {
      ...el,
      id: fresh.get(el.id)!,
      screenId: "",
      parentId: rootIds.has(el.id) ? null : fresh.get(el.parentId!)!,
      x: Math.round(el.x - box.x),
      y: Math.round(el.y - box.y),
    } as WireframeElement;
    if (copy.type === "line" || copy.type === "arrow") {
      const keep = (a: { elementId: string } | null) => (a && fresh.has(a.elementId) ? { elementId: fresh.get(a.elementId)! } : null);
      copy = { ...copy, start: keep(copy.start), end: keep(copy.end) };
    }
    elements[copy.id] = copy;
  }
  const definition: ComponentDefinition = {
    schemaVersion: SCHEMA_VERSION,
    width: Math.max(1, Math.round(box.width)),
    height: Math.max(1, Math.round(box.height)),
    elements,
  };
  const replace = (componentId: string, name: string) => {
    const instance = defaultElement("instance", {
      id: newId(),
      screenId: place.screenId,
      parentId: place.parentId,
      order: place.order,
      name,
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: definition.width,
      height: definition.height,
      componentId,
    });
    const ops: Op[] = [...place.ordered.map((el): Op => ({ op: "remove-element", id: el.id })), { op: "add-element", element: instance }];
    return { ops: settle(doc, ops), instanceId: instance.id };
  };
  return { definition, replace };
}

/** A definition as a document of one screen its size, to edit with the editor's tools. */
export function definitionAsDocument(definition: ComponentDefinition, name: string): WireframeDocument {
  const elements: Record<string, WireframeElement> = {};
  for (const el of Object.values(definition.elements)) elements[el.id] = { ...el, screenId: COMPONENT_SCREEN };
  return {
    schemaVersion: SCHEMA_VERSION,
    screens: {
      [COMPONENT_SCREEN]: {
        id: COMPONENT_SCREEN,
        name,
        order: "a0",
        device: "custom",
        width: definition.width,
        height: definition.height,
        background: "transparent",
      },
    },
    elements,
  };
}

/** Back from the editing document to a definition (its screen's size is the component's). */
export function documentAsDefinition(doc: WireframeDocument): ComponentDefinition {
  const screen = doc.screens[COMPONENT_SCREEN];
  const elements: Record<string, WireframeElement> = {};
  for (const el of Object.values(doc.elements)) elements[el.id] = { ...el, screenId: "" };
  return {
    schemaVersion: SCHEMA_VERSION,
    width: Math.max(1, Math.round(screen?.width ?? 100)),
    height: Math.max(1, Math.round(screen?.height ?? 100)),
    elements,
  };
}
