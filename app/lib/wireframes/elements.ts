import {
  DEVICE_SIZES,
  SCHEMA_VERSION,
  type DevicePreset,
  type ElementType,
  type Flow,
  type Screen,
  type TextStyle,
  type UiComponent,
  type WireframeDocument,
  type WireframeElement,
} from "./document";
import { INK, UI_KIT } from "./kit";
import { keyBetween } from "./order";

/**
 * Making things that go into a document: ids, a new document or screen, and an element of
 * each type with its defaults (what the editor's tools, the importers, the templates and
 * the tests start from).
 */

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A new element or screen id: 12 random base-62 characters (about 71 bits). */
export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let id = "";
  for (const b of bytes) id += ALPHABET[b % 62];
  return id;
}

/** A document with one screen of the given device (custom: width and height). */
export function newDocument(
  device: DevicePreset = "desktop",
  size?: { width?: number; height?: number },
  name = "Screen 1",
): WireframeDocument {
  const screen = newScreen(device, size, name, keyBetween(null, null));
  const flow: Flow = { id: newId(), name: "Flow 1", order: keyBetween(null, null), startScreenId: screen.id };
  return { schemaVersion: SCHEMA_VERSION, screens: { [screen.id]: screen }, elements: {}, interactions: {}, flows: { [flow.id]: flow } };
}

export function newScreen(
  device: DevicePreset,
  size: { width?: number; height?: number } | undefined,
  name: string,
  order: string,
): Screen {
  const preset = device === "custom" ? null : DEVICE_SIZES[device];
  return {
    id: newId(),
    name,
    order,
    device,
    width: Math.round(size?.width ?? preset?.width ?? 1440),
    height: Math.round(size?.height ?? preset?.height ?? 900),
    background: "#ffffff",
  };
}

/** A diamond's vertices, as fractions of its box. */
export const DIAMOND: [number, number][] = [
  [0.5, 0],
  [1, 0.5],
  [0.5, 1],
  [0, 0.5],
];

export const ELEMENT_LABELS: Record<ElementType, string> = {
  rectangle: "Rectangle",
  ellipse: "Ellipse",
  polygon: "Polygon",
  line: "Line",
  arrow: "Arrow",
  text: "Text",
  image: "Image",
  "image-placeholder": "Image placeholder",
  icon: "Icon",
  ui: "Component",
  group: "Group",
  instance: "Instance",
};

export const DEFAULT_TEXT_STYLE: TextStyle = { fontSize: 16, fontWeight: 400, align: "left", color: INK, lineHeight: 1.4 };

/** The element of one type (a shape's union of types narrowed to `T`). */
export type ElementOf<T extends ElementType> = WireframeElement extends infer E
  ? E extends WireframeElement
    ? T extends E["type"]
      ? Omit<E, "type"> & { type: T }
      : never
    : never
  : never;

/**
 * A complete element of `type` with the kit's defaults, overridden by `partial` (give at
 * least `screenId`; `component` picks the UI component, `componentId` the main component).
 */
export function defaultElement<T extends ElementType>(type: T, partial: Partial<ElementOf<T>> = {}): ElementOf<T> {
  const base = {
    id: newId(),
    screenId: "",
    parentId: null,
    order: "a0",
    name: ELEMENT_LABELS[type],
    x: 0,
    y: 0,
    width: 160,
    height: 100,
    fill: "#f3f4f6",
    stroke: "#9ca3af",
    strokeWidth: 1,
    radius: 0,
    opacity: 1,
    locked: false,
    hidden: false,
  };
  const p = partial as Record<string, unknown>;
  let el: Record<string, unknown>;
  switch (type) {
    case "rectangle":
      el = { ...base, type };
      break;
    case "ellipse":
      el = { ...base, type, width: 120, height: 120 };
      break;
    case "polygon":
      // A diamond unless vertices are given.
      el = { ...base, type, width: 120, height: 120, vertices: DIAMOND };
      break;
    case "image-placeholder":
      el = { ...base, type, width: 200, height: 150, fill: "#e5e7eb" };
      break;
    case "line":
    case "arrow": {
      const points = (p.points as [number, number, number, number] | undefined) ?? [0, 0, 160, 0];
      el = {
        ...base,
        type,
        fill: null,
        stroke: "#374151",
        strokeWidth: 2,
        width: Math.abs(points[2] - points[0]),
        height: Math.abs(points[3] - points[1]),
        points,
        start: null,
        end: null,
      };
      break;
    }
    case "text":
      el = { ...base, type, width: 200, height: 24, fill: null, stroke: null, strokeWidth: 0, text: "Text", textStyle: DEFAULT_TEXT_STYLE };
      break;
    case "image":
      el = { ...base, type, width: 240, height: 160, fill: "#e5e7eb", stroke: null, strokeWidth: 0, fileId: null, alt: "" };
      break;
    case "icon":
      el = { ...base, type, width: 24, height: 24, fill: null, stroke: "#374151", strokeWidth: 2, icon: "star" };
      break;
    case "ui": {
      const component = (p.component as UiComponent | undefined) ?? "button";
      const kit = UI_KIT[component];
      el = {
        ...base,
        type,
        name: kit.label,
        width: kit.width,
        height: kit.height,
        fill: kit.fill,
        stroke: kit.stroke,
        radius: kit.radius,
        component,
        text: kit.text,
        textStyle: kit.textStyle,
        props: { ...kit.props },
      };
      break;
    }
    case "group":
      el = { ...base, type, fill: null, stroke: null, strokeWidth: 0 };
      break;
    case "instance":
      el = { ...base, type, fill: null, stroke: null, strokeWidth: 0, componentId: "", overrides: {} };
      break;
    default:
      throw new Error(`unknown element type ${String(type)}`);
  }
  for (const [k, v] of Object.entries(p)) if (v !== undefined) el[k] = v;
  return el as ElementOf<T>;
}
