import { addDays, calendarDay } from "./dates";

/**
 * The board's domain, shared by the server (schema, services, forms) and the browser:
 * what a card's priority, a column's state group and a label's colour may be, and the
 * board as its loader hands it to the page. Declared here once; the database schema,
 * the board's forms and its components all import them.
 */

/** Most urgent first: the order of the card's field and the board's filter. */
export const PRIORITIES = ["urgent", "high", "medium", "low", "none"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const PRIORITY_LABELS: Record<Priority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
  none: "No priority",
};

export function isPriority(value: unknown): value is Priority {
  return typeof value === "string" && (PRIORITIES as readonly string[]).includes(value);
}

/** What a column counts as in metrics, whatever it is named. */
export const STATE_GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;
export type StateGroup = (typeof STATE_GROUPS)[number];

export const STATE_GROUP_LABELS: Record<StateGroup, string> = {
  backlog: "Backlog",
  unstarted: "Not started",
  started: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const LABEL_COLORS = ["slate", "red", "orange", "amber", "green", "teal", "blue", "indigo", "purple", "pink"] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** The board's filters as the page's URL carries them (`?due=overdue`). */
export type DueFilter = "overdue" | "week";

// The board as the loader returns it and the browser shows it.

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

/** The open card, at `?task=<id>`. */
export type CardDetailView = {
  id: string;
  number: number;
  title: string;
  description: string;
  priority: Priority;
  dueDate: string | null;
  columnId: string;
  version: number;
  startedAt: string | Date | null;
  completedAt: string | Date | null;
  createdAt: string | Date;
  assigneeIds: string[];
  labelIds: string[];
  checklist: { id: string; text: string; done: boolean }[];
  comments: CardComment[];
  /** Whether the viewer watches the card (hears of every comment). */
  watching: boolean;
  attachments: AttachmentView[];
};

export type MemberView = { id: string; fullName: string; email: string; avatarUrl: string | null; role: string };
export type LabelView = { id: string; name: string; color: string };

/** Two letters for a member's avatar: the initials of a two-word name, else its first letters, else the e-mail's. */
export function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length >= 2) return (parts[0]![0]! + parts[1]![0]!).toUpperCase();
  if (parts.length === 1) return parts[0]!.slice(0, 2).toUpperCase();
  return email.slice(0, 2).toUpperCase();
}

/** State groups whose cards are finished: such a card is never overdue or due soon, whatever its date says. */
export const CLOSED_STATE_GROUPS = ["completed", "cancelled"] as const satisfies readonly StateGroup[];

export function isClosedStateGroup(group: StateGroup | string): boolean {
  return (CLOSED_STATE_GROUPS as readonly string[]).includes(group);
}

/** How many days ahead a due date counts as "soon" (the board's "Due this week" filter). */
export const DUE_SOON_DAYS = 7;

/**
 * A card's due date against today (UTC calendar days), in the column it is in: past,
 * within a week, or later; null without a date, and null for a finished card (its
 * column counts as completed or cancelled), which is never overdue. The one rule for the
 * card face, the board's due filters (`dueWindow`), My work and a member's page.
 */
export function dueState(due: string | null, stateGroup: StateGroup | string, today = calendarDay()): "overdue" | "soon" | "later" | null {
  if (!due || isClosedStateGroup(stateGroup)) return null;
  if (due < today) return "overdue";
  return due <= addDays(today, DUE_SOON_DAYS) ? "soon" : "later";
}

/**
 * The due dates a due filter matches, as a range of calendar days (`before` exclusive,
 * `from`/`to` inclusive), for a query to combine with "the card's column is not closed".
 */
export function dueWindow(filter: DueFilter, today = calendarDay()): { before?: string; from?: string; to?: string } {
  return filter === "overdue" ? { before: today } : { from: today, to: addDays(today, DUE_SOON_DAYS) };
}

/** The card fields the card panel edits (and `update-card` takes), each saved on its own. */
export const CARD_FIELDS = ["title", "description", "priority", "dueDate"] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/**
 * A card field's value as it is stored and compared: a title without the spaces around it,
 * a description with one kind of line break (a form sends CRLF, a script LF) and no blank
 * edges, no due date as null. The server stores this and the card panel compares with it,
 * so "the user changed this field" means the same on both sides.
 */
export function normalizeCardField(field: CardField, value: string | null | undefined): string | null {
  if (value == null) return null;
  if (field === "title") return value.trim();
  if (field === "description") return value.replace(/\r\n?/g, "\n").trim();
  if (field === "dueDate") return value === "" ? null : value;
  return value;
}

export function sameCardValue(field: CardField, a: string | null | undefined, b: string | null | undefined): boolean {
  return normalizeCardField(field, a) === normalizeCardField(field, b);
}

/** A comment as the card panel shows it: sanitised markdown HTML (rendered on the server), the edit text, and what this member may do. */
export type CardComment = {
  id: string;
  authorId: string | null;
  authorName: string | null;
  authorEmail: string | null;
  createdAt: string | Date;
  edited: boolean;
  html: string;
  text: string;
  canEdit: boolean;
  canDelete: boolean;
};
