/**
 * Small documents that let the one renderer draw what is not a wireframe's screen: a kit
 * component, an icon, a workspace's main component. Ids are fixed (never newId()), so the
 * server's SVG and the hydrated page are the same.
 */
import { type ComponentDefinition, SCHEMA_VERSION, type Screen, type UiComponent, type WireframeElement } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import type { ScreenPreview } from "./thumbnail";

const PAD = 16;

function screenOf(id: string, name: string, width: number, height: number): Screen {
  return { id, name, order: "a0", device: "custom", width, height, background: "#ffffff" };
}

function single(id: string, name: string, element: WireframeElement, pad = PAD): ScreenPreview {
  const screen = screenOf(id, name, element.width + 2 * pad, element.height + 2 * pad);
  const placed = { ...element, screenId: id, x: pad, y: pad } as WireframeElement;
  return { doc: { schemaVersion: SCHEMA_VERSION, screens: { [id]: screen }, elements: { [placed.id]: placed } }, screenId: id };
}

/** One UI component of the built-in kit, with its default size, text and props. */
export function kitPreview(component: UiComponent, label: string): ScreenPreview {
  return single(`kit-${component}`, label, defaultElement("ui", { id: `kit-${component}-el`, component }));
}

/** One icon of the built-in set, drawn at 32 px. */
export function iconPreview(icon: string, label: string): ScreenPreview {
  return single(`icon-${icon}`, label, defaultElement("icon", { id: `icon-${icon}-el`, icon, width: 32, height: 32 }), 8);
}

/** A main component's definition (elements at its own 0,0, screenId "") as a screen of its size. */
export function definitionPreview(id: string, name: string, definition: ComponentDefinition): ScreenPreview {
  const screenId = `component-${id}`;
  const elements: Record<string, WireframeElement> = {};
  for (const [key, el] of Object.entries(definition.elements)) elements[key] = { ...el, screenId } as WireframeElement;
  return {
    doc: {
      schemaVersion: SCHEMA_VERSION,
      screens: { [screenId]: screenOf(screenId, name, definition.width, definition.height) },
      elements,
    },
    screenId,
  };
}
