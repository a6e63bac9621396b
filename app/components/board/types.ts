// The board as the loader returns it and the browser shows it (app/.server/projects/board.ts uses these).
export type Priority = "urgent" | "high" | "medium" | "low" | "none";
export type StateGroup = "backlog" | "unstarted" | "started" | "completed" | "cancelled";

export type BoardCardView = {
  id: string;
  number: number;
  title: string;
  priority: Priority;
  dueDate: string | null;
  columnId: string;
  assigneeIds: string[];
  labelIds: string[];
  checklistDone: number;
  checklistTotal: number;
  commentCount: number;
  attachmentCount: number;
};

/** A file on a card, as the card panel lists it; `url` downloads it. */
export type AttachmentView = {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string | Date;
  uploaderName: string | null;
  url: string;
};

export type BoardColumnView = {
  id: string;
  name: string;
  stateGroup: StateGroup;
  position: string;
  wipLimit: number | null;
  /** Every card in the column. */
  cardCount: number;
  /** Cards matching the filters (cards.length may be fewer: the column shows a page). */
  matchingCount: number;
  cards: BoardCardView[];
};

export type MemberView = { id: string; fullName: string; email: string; avatarUrl: string | null; role: string };
export type LabelView = { id: string; name: string; color: string };

export const PRIORITY_LABELS: Record<Priority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
  none: "No priority",
};

export const PRIORITY_STYLES: Record<Priority, string> = {
  urgent: "bg-red-100 text-red-800 ring-red-200",
  high: "bg-orange-100 text-orange-800 ring-orange-200",
  medium: "bg-amber-100 text-amber-800 ring-amber-200",
  low: "bg-sky-100 text-sky-800 ring-sky-200",
  none: "bg-slate-100 text-slate-600 ring-slate-200",
};

export const LABEL_STYLES: Record<string, string> = {
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

export const LABEL_COLOR_NAMES = Object.keys(LABEL_STYLES);

export const STATE_GROUP_LABELS: Record<StateGroup, string> = {
  backlog: "Backlog",
  unstarted: "Not started",
  started: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length >= 2) return (parts[0]![0]! + parts[1]![0]!).toUpperCase();
  if (parts.length === 1) return parts[0]!.slice(0, 2).toUpperCase();
  return email.slice(0, 2).toUpperCase();
}

export function dueState(due: string | null, today = new Date().toISOString().slice(0, 10)): "overdue" | "soon" | "later" | null {
  if (!due) return null;
  if (due < today) return "overdue";
  const inAWeek = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return due <= inAWeek ? "soon" : "later";
}
