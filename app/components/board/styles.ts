import type { LabelColor, Priority } from "~/lib/board";

/** How priorities and label colours look on the board (the values themselves are in app/lib/board.ts). */
export const PRIORITY_STYLES: Record<Priority, string> = {
  urgent: "bg-red-100 text-red-800 ring-red-200",
  high: "bg-orange-100 text-orange-800 ring-orange-200",
  medium: "bg-amber-100 text-amber-800 ring-amber-200",
  low: "bg-sky-100 text-sky-800 ring-sky-200",
  none: "bg-slate-100 text-slate-600 ring-slate-200",
};

const LABEL_STYLES: Record<LabelColor, string> = {
  slate: "bg-slate-200 text-slate-800",
  red: "bg-red-200 text-red-900",
  orange: "bg-orange-200 text-orange-900",
  amber: "bg-amber-200 text-amber-900",
  green: "bg-green-200 text-green-900",
  teal: "bg-teal-200 text-teal-900",
  blue: "bg-blue-200 text-blue-900",
  indigo: "bg-indigo-200 text-indigo-900",
  purple: "bg-purple-200 text-purple-900",
  pink: "bg-pink-200 text-pink-900",
};

/** A label's classes; a colour the palette no longer has shows as slate. */
export function labelStyle(color: string): string {
  return LABEL_STYLES[color as LabelColor] ?? LABEL_STYLES.slate;
}
