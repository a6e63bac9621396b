import { ELEMENT_TYPES, SCHEMA_VERSION, UI_COMPONENTS, type WireframeDocument, type WireframeElement } from "./document";
import { ICON_NAMES } from "./icons";
import { defaultElement, newScreen } from "./elements";
import { keysBetween } from "./order";

/**
 * A busy document for tests and the benchmark: one desktop screen with `count` elements
 * cycling through every element type, UI component and icon, a few of them grouped (two
 * levels deep) and hidden, and instances of `componentId` when given.
 */
export function sampleDocument(count: number, options: { componentId?: string } = {}): WireframeDocument {
  const screen = newScreen("desktop", undefined, "Screen 1", "a0");
  const elements: Record<string, WireframeElement> = {};
  const keys = keysBetween(null, null, count);
  const types = ELEMENT_TYPES.filter((t) => t !== "instance" || options.componentId);
  let outer: string | null = null;
  let inner: string | null = null;
  for (let i = 0; i < count; i++) {
    const type = types[i % types.length]!;
    const x = (i * 37) % 1300;
    const y = (Math.floor(i / 35) * 29) % 820;
    const at = { screenId: screen.id, order: keys[i]!, x, y, width: 90, height: 40 };
    let el: WireframeElement;
    if (type === "ui") el = defaultElement("ui", { ...at, component: UI_COMPONENTS[Math.floor(i / types.length) % UI_COMPONENTS.length] });
    else if (type === "icon")
      el = defaultElement("icon", { ...at, width: 24, height: 24, icon: ICON_NAMES[Math.floor(i / types.length) % ICON_NAMES.length] });
    else if (type === "instance") el = defaultElement("instance", { ...at, componentId: options.componentId! });
    else if (type === "line" || type === "arrow") el = defaultElement(type, { ...at, points: [0, 0, 90, 40] });
    else if (type === "text") el = defaultElement("text", { ...at, text: `Label number ${i} with a few words to wrap` });
    else el = defaultElement(type, at);
    // Every 50th element starts a group; the next ones go inside it, one level down at most two.
    if (type === "group") {
      el = { ...el, parentId: i % 2 === 0 ? null : outer };
      if (el.parentId === null) outer = el.id;
      else inner = el.id;
    } else if (i % 7 === 0 && (inner ?? outer)) {
      el = { ...el, parentId: inner ?? outer };
    }
    if (i % 13 === 0) el = { ...el, hidden: true };
    elements[el.id] = el;
  }
  return { schemaVersion: SCHEMA_VERSION, screens: { [screen.id]: screen }, elements };
}
