import type { ColorValue, TextStyle, UiComponent } from "./document";

/**
 * The built-in UI kit: what each of the 22 UI components is called, where the library
 * lists it, and what a new one looks like. render.tsx draws them; `text` holds the label,
 * or for list-like components one item per line (so inline editing edits the items).
 */
export const KIT_CATEGORIES = ["Inputs", "Navigation", "Layout", "Data", "Feedback", "Media"] as const;
export type KitCategory = (typeof KIT_CATEGORIES)[number];

export type KitEntry = {
  label: string;
  category: KitCategory;
  description: string;
  width: number;
  height: number;
  text: string;
  props: Record<string, string | number | boolean>;
  fill: ColorValue | null;
  stroke: ColorValue | null;
  radius: number;
  textStyle: TextStyle;
};

export const INK = "#111827";
export const MUTED = "#6b7280";
export const LINE = "#d1d5db";
export const SURFACE = "#ffffff";
export const SUBTLE = "#f3f4f6";

const style = (
  fontSize = 14,
  fontWeight: TextStyle["fontWeight"] = 400,
  color: ColorValue = INK,
  align: TextStyle["align"] = "left",
): TextStyle => ({
  fontSize,
  fontWeight,
  align,
  color,
  lineHeight: 1.4,
});

export const UI_KIT: Record<UiComponent, KitEntry> = {
  button: {
    label: "Button",
    category: "Inputs",
    description: "A primary or secondary action.",
    width: 120,
    height: 40,
    text: "Button",
    props: { variant: "primary" },
    fill: INK,
    stroke: null,
    radius: 6,
    textStyle: style(14, 600, SURFACE, "center"),
  },
  "text-input": {
    label: "Text input",
    category: "Inputs",
    description: "A one-line field; the text is its placeholder.",
    width: 240,
    height: 40,
    text: "Placeholder",
    props: {},
    fill: SURFACE,
    stroke: LINE,
    radius: 6,
    textStyle: style(14, 400, MUTED),
  },
  textarea: {
    label: "Textarea",
    category: "Inputs",
    description: "A field of several lines.",
    width: 240,
    height: 96,
    text: "Write something…",
    props: {},
    fill: SURFACE,
    stroke: LINE,
    radius: 6,
    textStyle: style(14, 400, MUTED),
  },
  checkbox: {
    label: "Checkbox",
    category: "Inputs",
    description: "A box to tick, with its label.",
    width: 160,
    height: 24,
    text: "Checkbox",
    props: { checked: true },
    fill: SURFACE,
    stroke: MUTED,
    radius: 4,
    textStyle: style(),
  },
  radio: {
    label: "Radio",
    category: "Inputs",
    description: "One choice among several, with its label.",
    width: 160,
    height: 24,
    text: "Option",
    props: { checked: true },
    fill: SURFACE,
    stroke: MUTED,
    radius: 0,
    textStyle: style(),
  },
  toggle: {
    label: "Toggle",
    category: "Inputs",
    description: "An on/off switch, with its label.",
    width: 160,
    height: 24,
    text: "Toggle",
    props: { on: true },
    fill: INK,
    stroke: null,
    radius: 12,
    textStyle: style(),
  },
  select: {
    label: "Select",
    category: "Inputs",
    description: "A drop-down; the text is the chosen option.",
    width: 240,
    height: 40,
    text: "Select an option",
    props: {},
    fill: SURFACE,
    stroke: LINE,
    radius: 6,
    textStyle: style(),
  },
  search: {
    label: "Search field",
    category: "Inputs",
    description: "A field with a magnifier; the text is its placeholder.",
    width: 240,
    height: 40,
    text: "Search",
    props: {},
    fill: SURFACE,
    stroke: LINE,
    radius: 20,
    textStyle: style(14, 400, MUTED),
  },
  tabs: {
    label: "Tabs",
    category: "Navigation",
    description: "One tab per line; `active` is the selected one (from 0).",
    width: 360,
    height: 40,
    text: "Overview\nActivity\nSettings",
    props: { active: 0 },
    fill: null,
    stroke: LINE,
    radius: 0,
    textStyle: style(14, 500, INK, "center"),
  },
  navbar: {
    label: "Navigation bar",
    category: "Navigation",
    description: "The brand on the first line, then one link per line.",
    width: 1200,
    height: 64,
    text: "Brand\nHome\nProducts\nPricing\nAbout",
    props: { button: "Sign in" },
    fill: SURFACE,
    stroke: LINE,
    radius: 0,
    textStyle: style(14, 500),
  },
  sidebar: {
    label: "Sidebar",
    category: "Navigation",
    description: "One link per line; `active` is the current one (from 0); `title` heads it.",
    width: 240,
    height: 600,
    text: "Dashboard\nProjects\nTeam\nReports\nSettings",
    props: { active: 0, title: "Brand" },
    fill: SUBTLE,
    stroke: LINE,
    radius: 0,
    textStyle: style(14, 500),
  },
  breadcrumb: {
    label: "Breadcrumb",
    category: "Navigation",
    description: "One level per line, the current page last.",
    width: 320,
    height: 24,
    text: "Home\nProjects\nAtelier",
    props: {},
    fill: null,
    stroke: null,
    radius: 0,
    textStyle: style(13, 400, MUTED),
  },
  pagination: {
    label: "Pagination",
    category: "Navigation",
    description: "Page numbers; `pages` and `current` (from 1).",
    width: 280,
    height: 36,
    text: "",
    props: { pages: 5, current: 1 },
    fill: SURFACE,
    stroke: LINE,
    radius: 6,
    textStyle: style(14, 500, INK, "center"),
  },
  card: {
    label: "Card",
    category: "Layout",
    description: "A title on the first line, then its body.",
    width: 320,
    height: 200,
    text: "Card title\nSupporting text that describes what this card is about.",
    props: { image: true },
    fill: SURFACE,
    stroke: LINE,
    radius: 8,
    textStyle: style(),
  },
  modal: {
    label: "Modal",
    category: "Layout",
    description: "A dialog: its title, its message, and `actions` (comma-separated).",
    width: 480,
    height: 240,
    text: "Dialog title\nAre you sure you want to continue? This cannot be undone.",
    props: { actions: "Cancel,Confirm" },
    fill: SURFACE,
    stroke: LINE,
    radius: 12,
    textStyle: style(),
  },
  table: {
    label: "Table",
    category: "Data",
    description: "One column heading per line; `rows` body rows.",
    width: 600,
    height: 240,
    text: "Name\nEmail\nRole\nStatus",
    props: { rows: 5 },
    fill: SURFACE,
    stroke: LINE,
    radius: 6,
    textStyle: style(13),
  },
  list: {
    label: "List",
    category: "Data",
    description: "One item per line.",
    width: 320,
    height: 180,
    text: "First item\nSecond item\nThird item\nFourth item",
    props: { bullets: true },
    fill: SURFACE,
    stroke: LINE,
    radius: 6,
    textStyle: style(),
  },
  chart: {
    label: "Chart placeholder",
    category: "Data",
    description: "A chart's place: `kind` is bar, line or pie.",
    width: 400,
    height: 240,
    text: "Chart title",
    props: { kind: "bar" },
    fill: SURFACE,
    stroke: LINE,
    radius: 8,
    textStyle: style(14, 600),
  },
  alert: {
    label: "Alert",
    category: "Feedback",
    description: "A message; `variant` is info, success, warning or error.",
    width: 400,
    height: 56,
    text: "Your changes have been saved.",
    props: { variant: "info" },
    fill: "#eff6ff",
    stroke: "#93c5fd",
    radius: 8,
    textStyle: style(),
  },
  badge: {
    label: "Badge",
    category: "Feedback",
    description: "A short status label.",
    width: 72,
    height: 24,
    text: "New",
    props: {},
    fill: SUBTLE,
    stroke: LINE,
    radius: 12,
    textStyle: style(12, 600, INK, "center"),
  },
  progress: {
    label: "Progress bar",
    category: "Feedback",
    description: "How far along: `value` from 0 to 100.",
    width: 240,
    height: 8,
    text: "",
    props: { value: 60 },
    fill: SUBTLE,
    stroke: null,
    radius: 4,
    textStyle: style(),
  },
  avatar: {
    label: "Avatar",
    category: "Media",
    description: "A person's initials in a circle.",
    width: 48,
    height: 48,
    text: "AB",
    props: {},
    fill: LINE,
    stroke: null,
    radius: 24,
    textStyle: style(16, 600, INK, "center"),
  },
};

/** The kit by category, in the library's order. */
export function kitByCategory(): { category: KitCategory; components: (KitEntry & { component: UiComponent })[] }[] {
  return KIT_CATEGORIES.map((category) => ({
    category,
    components: (Object.entries(UI_KIT) as [UiComponent, KitEntry][])
      .filter(([, entry]) => entry.category === category)
      .map(([component, entry]) => ({ component, ...entry })),
  }));
}

/** The lines of a list-like component's text (tabs, navbar, sidebar, breadcrumb, table, list). */
export function itemsOf(text: string): string[] {
  return text
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean);
}
