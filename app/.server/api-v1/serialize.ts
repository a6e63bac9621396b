import type { StateGroup, Priority } from "~/lib/board";
import type { CycleStatus } from "~/lib/cycles";
import type { Role } from "~/lib/permissions";
import type { NotificationKind } from "~/lib/notifications";
import type { ApiCard, ApiChecklistItem, ApiColumn, ApiComment, ApiCycle, ApiMember, ApiNotification, ApiProject } from "./schemas";

/**
 * Each object as the API returns it, one function per kind: the `/api/v1` answers and the
 * webhooks' payloads ("the object as the API returns it") both call these, so the two
 * cannot differ. Each takes the row as the services and reads give it.
 */

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toApiProject(p: {
  id: string;
  name: string;
  description: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}): ApiProject {
  return {
    object: "project",
    id: p.id,
    name: p.name,
    description: p.description,
    archived: p.archivedAt !== null,
    archivedAt: isoOrNull(p.archivedAt),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

export function toApiColumn(
  c: { id: string; projectId: string; name: string; stateGroup: StateGroup; wipLimit: number | null; createdAt: Date },
  index: number,
): ApiColumn {
  return {
    object: "column",
    id: c.id,
    projectId: c.projectId,
    name: c.name,
    stateGroup: c.stateGroup,
    wipLimit: c.wipLimit,
    index,
    createdAt: iso(c.createdAt),
  };
}

export type CardRow = {
  id: string;
  projectId: string;
  columnId: string;
  number: number;
  title: string;
  description: string;
  priority: Priority;
  dueDate: string | null;
  estimatePoints: number | string | null;
  version: number;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toApiCard(c: CardRow, parts: { assigneeIds: string[]; labelIds: string[]; cycleId: string | null }): ApiCard {
  return {
    object: "card",
    id: c.id,
    projectId: c.projectId,
    columnId: c.columnId,
    number: c.number,
    title: c.title,
    description: c.description,
    priority: c.priority,
    dueDate: c.dueDate,
    estimate: c.estimatePoints === null ? null : Number(c.estimatePoints),
    assigneeIds: [...parts.assigneeIds].sort(),
    labelIds: [...parts.labelIds].sort(),
    cycleId: parts.cycleId,
    version: c.version,
    startedAt: isoOrNull(c.startedAt),
    completedAt: isoOrNull(c.completedAt),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export function toApiComment(c: {
  id: string;
  cardId: string;
  authorId: string | null;
  text: string;
  html: string;
  edited: boolean;
  createdAt: Date;
}): ApiComment {
  return {
    object: "comment",
    id: c.id,
    cardId: c.cardId,
    authorId: c.authorId,
    body: c.text,
    html: c.html,
    edited: c.edited,
    createdAt: iso(c.createdAt),
  };
}

export function toApiChecklistItem(i: { id: string; cardId: string; text: string; done: boolean; createdAt: Date }): ApiChecklistItem {
  return { object: "checklist_item", id: i.id, cardId: i.cardId, text: i.text, done: i.done, createdAt: iso(i.createdAt) };
}

export function toApiMember(m: {
  id: string;
  fullName: string | null;
  email: string;
  avatarUrl: string | null;
  role: Role;
  joinedAt: Date;
}): ApiMember {
  return {
    object: "member",
    id: m.id,
    name: m.fullName?.trim() || m.email.split("@")[0]!,
    email: m.email,
    avatarUrl: m.avatarUrl,
    role: m.role,
    joinedAt: iso(m.joinedAt),
  };
}

export function toApiCycle(
  c: {
    id: string;
    name: string;
    startsOn: string;
    endsOn: string;
    status: CycleStatus;
    closedAt: Date | null;
    cardCount: number;
    doneCount: number;
  },
  projectId: string,
): ApiCycle {
  return {
    object: "cycle",
    id: c.id,
    projectId,
    name: c.name,
    startsOn: c.startsOn,
    endsOn: c.endsOn,
    status: c.status,
    closedAt: isoOrNull(c.closedAt),
    cardCount: c.cardCount,
    doneCount: c.doneCount,
  };
}

export function toApiNotification(n: {
  id: string;
  kind: NotificationKind;
  title: string;
  excerpt: string | null;
  url: string;
  projectId: string | null;
  cardId: string | null;
  readAt: Date | null;
  createdAt: Date;
}): ApiNotification {
  return {
    object: "notification",
    id: n.id,
    kind: n.kind,
    title: n.title,
    excerpt: n.excerpt,
    url: n.url,
    projectId: n.projectId,
    cardId: n.cardId,
    read: n.readAt !== null,
    createdAt: iso(n.createdAt),
  };
}
