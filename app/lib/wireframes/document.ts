/**
 * The wireframe document: the one model the editor, the server, the thumbnails, and later
 * the prototype player and the exports all read. Decision 013 explains the shape.
 *
 * - Flat maps of screens and elements keyed by id, so an edit is a patch of
 *   (id, property, value) and concurrent edits merge per property (last writer by the
 *   server's order wins; different properties and different elements both survive).
 * - Order is a fractional-index key (`order`) among siblings (same screen and parent),
 *   compared as plain strings (the `fractional-indexing` package's base-62 keys).
 * - Style values are literal or a design-token reference by path (`{ token: "color.brand.500" }`);
 *   the design system gives them meaning later, the document stores the reference now.
 * - Types only here: the zod schema that validates everything entering the server is
 *   `schema.ts` beside this file; `migrate.ts` lifts every older `schemaVersion`.
 */

/** 2: interactions and flows (prototypes); migrate.ts lifts version 1. */
export const SCHEMA_VERSION = 2;

export type TokenRef = { token: string };
/** A colour (`#rrggbb`, `#rrggbbaa`, `transparent`) or a design token. */
export type ColorValue = string | TokenRef;
/** A length in px, or a design token. */
export type LengthValue = number | TokenRef;
/** A drop shadow: CSS box-shadow text (`0 2px 8px #0f172a33`, layers comma-separated), or a design token. */
export type ShadowValue = string | TokenRef;

export type DevicePreset = "desktop" | "laptop" | "tablet" | "mobile" | "custom";
export const DEVICE_SIZES: Record<Exclude<DevicePreset, "custom">, { label: string; width: number; height: number }> = {
  desktop: { label: "Desktop", width: 1440, height: 900 },
  laptop: { label: "Laptop", width: 1280, height: 800 },
  tablet: { label: "Tablet", width: 834, height: 1194 },
  mobile: { label: "Mobile", width: 390, height: 844 },
};

export type Screen = {
  id: string;
  name: string;
  /** Fractional-index key among the wireframe's screens. */
  order: string;
  device: DevicePreset;
  width: number;
  height: number;
  background: ColorValue;
};

export type TextStyle = {
  fontSize: LengthValue;
  fontWeight: 400 | 500 | 600 | 700;
  align: "left" | "center" | "right";
  color: ColorValue;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
};

/** The 22+ built-in UI components (app/lib/wireframes/kit.ts describes and draws them). */
export const UI_COMPONENTS = [
  "button",
  "text-input",
  "textarea",
  "checkbox",
  "radio",
  "toggle",
  "select",
  "tabs",
  "navbar",
  "sidebar",
  "card",
  "table",
  "list",
  "modal",
  "avatar",
  "breadcrumb",
  "pagination",
  "chart",
  "alert",
  "badge",
  "search",
  "progress",
] as const;
export type UiComponent = (typeof UI_COMPONENTS)[number];

export const ELEMENT_TYPES = [
  "rectangle",
  "ellipse",
  "polygon",
  "line",
  "arrow",
  "text",
  "image",
  "image-placeholder",
  "icon",
  "ui",
  "group",
  "instance",
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** Where a line's or arrow's end is attached: it follows that element's centre edge. */
export type Attachment = { elementId: string } | null;

type Base = {
  id: string;
  screenId: string;
  /** A group's id, or null at the top of the screen. Groups nest. */
  parentId: string | null;
  /** Fractional-index key among siblings (same screen and parentId): the z-order, low first. */
  order: string;
  name: string;
  /** Absolute position on the screen, px (groups: their children's bounding box). */
  x: number;
  y: number;
  width: number;
  height: number;
  fill: ColorValue | null;
  stroke: ColorValue | null;
  strokeWidth: number;
  radius: LengthValue;
  /** Optional: documents from before shadows have none, and stay valid as they are. */
  shadow?: ShadowValue | null;
  opacity: number;
  locked: boolean;
  hidden: boolean;
};

export type ShapeElement = Base & { type: "rectangle" | "ellipse" | "image-placeholder" };
/**
 * A closed shape through its vertices, each a fraction (0 to 1) of the element's box, so it
 * moves and resizes with the box like any shape: a diamond is [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5]].
 */
export type PolygonElement = Base & { type: "polygon"; vertices: [number, number][] };
export type LineElement = Base & {
  type: "line" | "arrow";
  /** Both ends, relative to (x, y). */
  points: [number, number, number, number];
  start: Attachment;
  end: Attachment;
};
export type TextElement = Base & { type: "text"; text: string; textStyle: TextStyle };
/** An uploaded image: `fileId` names a file in the workspace's file store (counted in storage). */
export type ImageElement = Base & { type: "image"; fileId: string | null; alt: string };
export type IconElement = Base & { type: "icon"; icon: string };
/** A built-in UI component; `text` is its label, `props` its few switches (checked, items…). */
export type UiElement = Base & {
  type: "ui";
  component: UiComponent;
  text: string;
  textStyle: TextStyle;
  props: Record<string, string | number | boolean>;
};
export type GroupElement = Base & { type: "group" };
/**
 * An instance of one of the workspace's own components (a "main component"). It draws the
 * main component's elements, scaled into its box, with its local overrides on top:
 * per child id (the child's id inside the main component), text, fill and hidden.
 * A deleted main component leaves its instances detached (turned into plain groups).
 */
export type InstanceElement = Base & {
  type: "instance";
  componentId: string;
  overrides: Record<string, { text?: string; fill?: ColorValue | null; hidden?: boolean }>;
};

export type WireframeElement =
  ShapeElement | PolygonElement | LineElement | TextElement | ImageElement | IconElement | UiElement | GroupElement | InstanceElement;

export type WireframeDocument = {
  schemaVersion: typeof SCHEMA_VERSION;
  screens: Record<string, Screen>;
  elements: Record<string, WireframeElement>;
  /** Prototype interactions by id (absent: none). See `Interaction`. */
  interactions?: Record<string, Interaction>;
  /** Prototype flows by id (absent or empty: one "Flow 1" from the first screen; `flowsOf` in prototype.ts). */
  flows?: Record<string, Flow>;
};

/**
 * A prototype interaction: on a click of an element (or group), or after a delay on a
 * screen (a screen-level interaction), do one action. `source` never changes; `trigger`
 * and `action` are replaced whole by `set-interaction` (per-property last writer wins).
 */
export type InteractionSource = { elementId: string } | { screenId: string };
export type InteractionTrigger = { type: "click" } | { type: "delay"; ms: number };
export type InteractionAction =
  | { type: "navigate"; screenId: string }
  | { type: "back" }
  /** Opens in a new tab; http and https only. */
  | { type: "url"; url: string }
  /** Another screen drawn over this one: centred (position null) or with its top left at (x, y). */
  | { type: "overlay"; screenId: string; position: { x: number; y: number } | null; backdrop: boolean }
  | { type: "close-overlay" };
export type Interaction = {
  id: string;
  source: InteractionSource;
  /** Fractional-index key among the source's interactions. */
  order: string;
  trigger: InteractionTrigger;
  action: InteractionAction;
};

/** A named starting screen of the prototype. */
export type Flow = { id: string; name: string; order: string; startScreenId: string };

/**
 * A main component's definition: its elements (with screenId "" and coordinates relative to
 * the component's own 0,0) and its size. Stored per workspace, apart from any wireframe.
 */
export type ComponentDefinition = {
  schemaVersion: typeof SCHEMA_VERSION;
  width: number;
  height: number;
  elements: Record<string, WireframeElement>;
};

/**
 * One edit. A patch is a list of ops applied in order, atomically. `set` changes one
 * property (a top-level key of the element or screen; nested objects such as textStyle
 * or overrides are replaced whole); `add` inserts or replaces a whole element or screen;
 * `remove` deletes one (removing a screen removes its elements; removing a group removes
 * its descendants). Removing an element or a screen removes the interactions it carries and
 * those that target that screen, and a flow starting on a removed screen starts on the first
 * screen left; the inverse of the remove brings all of them back.
 */
export type Op =
  | { op: "add-element"; element: WireframeElement }
  | { op: "set-element"; id: string; key: string; value: unknown }
  | { op: "remove-element"; id: string }
  | { op: "add-screen"; screen: Screen }
  | { op: "set-screen"; id: string; key: string; value: unknown }
  | { op: "remove-screen"; id: string }
  | { op: "add-interaction"; interaction: Interaction }
  | { op: "set-interaction"; id: string; key: "order" | "trigger" | "action"; value: unknown }
  | { op: "remove-interaction"; id: string }
  | { op: "add-flow"; flow: Flow }
  | { op: "set-flow"; id: string; key: "name" | "order" | "startScreenId"; value: unknown }
  | { op: "remove-flow"; id: string };

export function isTokenRef(value: unknown): value is TokenRef {
  return typeof value === "object" && value !== null && typeof (value as TokenRef).token === "string";
}
