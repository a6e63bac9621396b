/**
 * The built-in icon set: outline icons on a 24x24 grid, drawn with a 2 px round stroke and
 * no fill (render.tsx scales them into the element's box and strokes them with its colour).
 * Drawn for Atelier from plain geometry; each is one or more SVG path strings.
 */
export type IconDef = { label: string; paths: string[] };

/** A circle as a path (centre cx,cy, radius r). */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
/** A rounded rectangle as a path. */
const rect = (x: number, y: number, w: number, h: number, r = 2) =>
  `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}z`;

export const ICONS: Record<string, IconDef> = {
  home: { label: "Home", paths: ["M3 11l9-8 9 8", "M5 9.5V21h5v-6h4v6h5V9.5"] },
  search: { label: "Search", paths: [circle(11, 11, 7), "M16 16l5 5"] },
  user: { label: "User", paths: [circle(12, 8, 4), "M4 21c0-4 3.6-7 8-7s8 3 8 7"] },
  users: {
    label: "Users",
    paths: [circle(9, 8, 3.5), "M2 20c0-3.6 3.1-6 7-6s7 2.4 7 6", "M15.5 4.6a3.5 3.5 0 0 1 0 6.8", "M18 14.3c2.4.7 4 2.8 4 5.7"],
  },
  settings: {
    label: "Settings",
    paths: [
      circle(12, 12, 3),
      circle(12, 12, 7.5),
      "M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8",
    ],
  },
  bell: { label: "Bell", paths: ["M6 17V11a6 6 0 0 1 12 0v6l2 2H4z", "M10 21h4"] },
  mail: { label: "Mail", paths: [rect(3, 5, 18, 14), "M3 7l9 6 9-6"] },
  phone: { label: "Phone", paths: [rect(7, 2, 10, 20, 2), "M11 18h2"] },
  calendar: { label: "Calendar", paths: [rect(3, 5, 18, 16), "M3 10h18", "M8 3v4M16 3v4"] },
  clock: { label: "Clock", paths: [circle(12, 12, 9), "M12 7v5l3 3"] },
  star: { label: "Star", paths: ["M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.3L12 17.4l-5.6 3 1.1-6.3L3 9.7l6.2-.9z"] },
  heart: { label: "Heart", paths: ["M12 20L4.6 12.6a4.4 4.4 0 0 1 7.4-5.4a4.4 4.4 0 0 1 7.4 5.4z"] },
  plus: { label: "Plus", paths: ["M12 5v14M5 12h14"] },
  minus: { label: "Minus", paths: ["M5 12h14"] },
  close: { label: "Close", paths: ["M6 6l12 12M18 6L6 18"] },
  check: { label: "Check", paths: ["M4 12.5l5 5L20 6.5"] },
  "chevron-left": { label: "Chevron left", paths: ["M15 5l-7 7 7 7"] },
  "chevron-right": { label: "Chevron right", paths: ["M9 5l7 7-7 7"] },
  "chevron-up": { label: "Chevron up", paths: ["M5 15l7-7 7 7"] },
  "chevron-down": { label: "Chevron down", paths: ["M5 9l7 7 7-7"] },
  "arrow-left": { label: "Arrow left", paths: ["M20 12H4", "M10 6l-6 6 6 6"] },
  "arrow-right": { label: "Arrow right", paths: ["M4 12h16", "M14 6l6 6-6 6"] },
  "arrow-up": { label: "Arrow up", paths: ["M12 20V4", "M6 10l6-6 6 6"] },
  "arrow-down": { label: "Arrow down", paths: ["M12 4v16", "M6 14l6 6 6-6"] },
  menu: { label: "Menu", paths: ["M4 6h16M4 12h16M4 18h16"] },
  "more-horizontal": { label: "More (horizontal)", paths: [circle(5, 12, 1), circle(12, 12, 1), circle(19, 12, 1)] },
  "more-vertical": { label: "More (vertical)", paths: [circle(12, 5, 1), circle(12, 12, 1), circle(12, 19, 1)] },
  edit: { label: "Edit", paths: ["M4 20h4L19 9l-4-4L4 16z", "M13 7l4 4"] },
  trash: { label: "Trash", paths: ["M4 7h16", "M9 7V4h6v3", "M6 7l1 13h10l1-13", "M10 11v6M14 11v6"] },
  download: { label: "Download", paths: ["M12 4v11", "M7 10l5 5 5-5", "M4 20h16"] },
  upload: { label: "Upload", paths: ["M12 15V4", "M7 9l5-5 5 5", "M4 20h16"] },
  share: { label: "Share", paths: [circle(18, 5, 2.5), circle(6, 12, 2.5), circle(18, 19, 2.5), "M8.2 10.8l7.6-4.5M8.2 13.2l7.6 4.5"] },
  link: {
    label: "Link",
    paths: ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"],
  },
  "external-link": {
    label: "External link",
    paths: ["M14 4h6v6", "M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
  },
  lock: { label: "Lock", paths: [rect(5, 10, 14, 11), "M8 10V7a4 4 0 0 1 8 0v3"] },
  unlock: { label: "Unlock", paths: [rect(5, 10, 14, 11), "M8 10V7a4 4 0 0 1 7.7-1.5"] },
  eye: { label: "Eye", paths: ["M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z", circle(12, 12, 3)] },
  "eye-off": {
    label: "Eye off",
    paths: [
      "M4 4l16 16",
      "M9.9 5.2A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.8",
      "M6.5 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6",
    ],
  },
  image: { label: "Image", paths: [rect(3, 4, 18, 16), circle(8.5, 9.5, 1.5), "M21 16l-5-5L6 20"] },
  camera: {
    label: "Camera",
    paths: ["M3 8a1 1 0 0 1 1-1h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z", circle(12, 13, 4)],
  },
  folder: { label: "Folder", paths: ["M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"] },
  file: { label: "File", paths: ["M6 3h8l5 5v13H6z", "M14 3v5h5"] },
  filter: { label: "Filter", paths: ["M3 5h18l-7 8v6l-4 2v-8z"] },
  grid: { label: "Grid", paths: [rect(4, 4, 7, 7, 1), rect(13, 4, 7, 7, 1), rect(4, 13, 7, 7, 1), rect(13, 13, 7, 7, 1)] },
  list: { label: "List", paths: ["M9 6h11M9 12h11M9 18h11", circle(5, 6, 1), circle(5, 12, 1), circle(5, 18, 1)] },
  cart: { label: "Cart", paths: ["M3 4h2l2.5 11h11L21 8H6.5", circle(9, 19, 1.5), circle(17, 19, 1.5)] },
  "credit-card": { label: "Credit card", paths: [rect(2, 5, 20, 14), "M2 10h20", "M6 15h4"] },
  globe: {
    label: "Globe",
    paths: [circle(12, 12, 9), "M3 12h18", "M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"],
  },
  "map-pin": { label: "Map pin", paths: ["M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z", circle(12, 9.5, 2.5)] },
  info: { label: "Info", paths: [circle(12, 12, 9), "M12 11v6", "M12 7.5v.5"] },
  warning: { label: "Warning", paths: ["M12 3L2 20h20z", "M12 10v4", "M12 17v.5"] },
  help: { label: "Help", paths: [circle(12, 12, 9), "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5", "M12 17v.5"] },
  "log-out": { label: "Log out", paths: ["M9 4H5v16h4", "M16 8l4 4-4 4", "M20 12H9"] },
  refresh: { label: "Refresh", paths: ["M20 11a8 8 0 0 0-14.5-4.5L4 8", "M4 4v4h4", "M4 13a8 8 0 0 0 14.5 4.5L20 16", "M20 20v-4h-4"] },
  play: { label: "Play", paths: ["M7 4l13 8-13 8z"] },
  pause: { label: "Pause", paths: ["M8 5v14M16 5v14"] },
  message: { label: "Message", paths: ["M4 5h16v11H9l-5 4z"] },
  bookmark: { label: "Bookmark", paths: ["M6 3h12v18l-6-4-6 4z"] },
  tag: { label: "Tag", paths: ["M3 3h8l10 10-8 8L3 11z", circle(7.5, 7.5, 1.5)] },
  sun: {
    label: "Sun",
    paths: [circle(12, 12, 4), "M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"],
  },
  moon: { label: "Moon", paths: ["M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"] },
  cloud: { label: "Cloud", paths: ["M7 19a5 5 0 0 1-.8-9.9A6 6 0 0 1 17.7 8 4.5 4.5 0 0 1 17.5 19z"] },
  send: { label: "Send", paths: ["M21 3L10 14", "M21 3l-7 18-4-7-7-4z"] },
  chart: { label: "Chart", paths: ["M4 20V4", "M4 20h16", "M8 16v-4M12 16V8M16 16v-6"] },
};

export const ICON_NAMES = Object.keys(ICONS);

/** The icon's definition, or the star for an unknown name (a document from a newer set). */
export function iconOf(name: string): IconDef {
  return ICONS[name] ?? ICONS.star!;
}
