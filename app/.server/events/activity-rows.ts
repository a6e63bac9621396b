import type { ActivityInput } from "../projects/activity";
import type { EventKind, EventOf } from "./types";

/**
 * The activity log's rows for each kind of event: what the board's history, the dashboard and
 * a member's page show (the same rows the services wrote by hand before; the lists read them
 * by `action` and `field`). A kind the log does not show gives no row.
 */
type Row = Omit<ActivityInput, "workspaceId" | "actorId">;
type Rows = { [K in EventKind]: (e: EventOf<K>) => Row[] };

const none = () => [];

const ROWS: Rows = {
  "project.created": (e) => [{ projectId: e.subject.id, action: "project.created", newValue: { name: e.change.name } }],
  "project.updated": (e) =>
    e.change.fields.map((f) => ({ projectId: e.subject.id, action: "project.updated", field: f.field, oldValue: f.from, newValue: f.to })),
  "project.archived": (e) => [{ projectId: e.subject.id, action: "project.archived" }],
  "project.restored": (e) => [{ projectId: e.subject.id, action: "project.restored" }],
  // The project is gone: its row names it and points nowhere.
  "project.deleted": (e) => [{ projectId: null, action: "project.deleted", oldValue: { name: e.subject.name } }],

  "column.added": (e) => [{ projectId: e.projectId, action: "column.added", newValue: e.subject.name }],
  "column.updated": (e) =>
    e.change.name
      ? [{ projectId: e.projectId, action: "column.renamed", field: "name", oldValue: e.change.name.from, newValue: e.change.name.to }]
      : [],
  "column.shifted": none,
  "column.deleted": (e) => [{ projectId: e.projectId, action: "column.deleted", oldValue: e.subject.name }],

  "card.created": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.created",
      newValue: { title: e.subject.title, column: e.change.column.name },
    },
  ],
  "card.moved": (e) =>
    e.change.from.id === e.change.to.id
      ? []
      : [
          {
            projectId: e.projectId,
            cardId: e.subject.id,
            action: "card.moved",
            field: "column",
            oldValue: e.change.from.name,
            newValue: e.change.to.name,
          },
        ],
  "card.updated": (e) =>
    e.change.fields.map((f) => ({
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.updated",
      field: f.field,
      oldValue: f.from ?? null,
      newValue: f.to ?? null,
    })),
  // The card is gone: the row keeps its title and number.
  "card.deleted": (e) => [
    { projectId: e.projectId, cardId: null, action: "card.deleted", oldValue: { title: e.subject.title, number: e.subject.number } },
  ],
  "card.assigned": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.assigned",
      field: "assignees",
      oldValue: null,
      newValue: e.change.user.name,
    },
  ],
  "card.unassigned": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.unassigned",
      field: "assignees",
      oldValue: e.change.user.name,
      newValue: null,
    },
  ],
  "card.labelled": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.labelled",
      field: "labels",
      oldValue: null,
      newValue: e.change.label.name,
    },
  ],
  "card.unlabelled": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.unlabelled",
      field: "labels",
      oldValue: e.change.label.name,
      newValue: null,
    },
  ],
  "card.estimated": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.updated",
      field: "estimate",
      oldValue: e.change.from,
      newValue: e.change.to,
    },
  ],
  "card.cycle_changed": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "card.updated",
      field: "cycle",
      oldValue: e.change.from?.name ?? null,
      newValue: e.change.to?.name ?? null,
    },
  ],
  "card.screen_linked": none,
  "card.screen_unlinked": none,

  "label.created": none,

  "checklist.added": (e) => [
    { projectId: e.projectId, cardId: e.subject.id, action: "checklist.added", field: "checklist", newValue: e.change.item.text },
  ],
  "checklist.checked": (e) => [
    { projectId: e.projectId, cardId: e.subject.id, action: "checklist.checked", field: "checklist", oldValue: e.change.item.text },
  ],
  "checklist.unchecked": (e) => [
    { projectId: e.projectId, cardId: e.subject.id, action: "checklist.unchecked", field: "checklist", oldValue: e.change.item.text },
  ],
  "checklist.removed": (e) => [
    { projectId: e.projectId, cardId: e.subject.id, action: "checklist.removed", field: "checklist", oldValue: e.change.item.text },
  ],

  "comment.created": (e) => [
    { projectId: e.projectId, cardId: e.subject.id, action: "comment.added", newValue: e.change.text.slice(0, 140) },
  ],
  "comment.edited": none,
  "comment.deleted": (e) => [
    { projectId: e.projectId, cardId: e.subject.id, action: "comment.deleted", oldValue: e.change.text.slice(0, 140) },
  ],

  "attachment.added": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "attachment.added",
      field: "attachments",
      newValue: e.change.attachment.fileName,
    },
  ],
  "attachment.removed": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "attachment.removed",
      field: "attachments",
      oldValue: e.change.attachment.fileName,
    },
  ],

  "dependency.added": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "dependency.added",
      field: "blockedBy",
      newValue: `#${e.change.blocker.number} ${e.change.blocker.title}`,
    },
  ],
  "dependency.removed": (e) => [
    {
      projectId: e.projectId,
      cardId: e.subject.id,
      action: "dependency.removed",
      field: "blockedBy",
      oldValue: `#${e.change.blocker.number ?? "?"}`,
    },
  ],

  "cycle.created": none,
  "cycle.renamed": none,
  "cycle.rescheduled": none,
  "cycle.closed": none,
  // Each card it held says it left.
  "cycle.deleted": (e) =>
    e.change.cards.map((c) => ({
      projectId: e.projectId,
      cardId: c.id,
      action: "card.updated",
      field: "cycle",
      oldValue: e.subject.name,
      newValue: null,
    })),
  "cycle.unfinished_moved": (e) =>
    e.change.cards.map((c) => ({
      projectId: e.projectId,
      cardId: c.id,
      action: "card.updated",
      field: "cycle",
      oldValue: e.subject.name,
      newValue: e.change.to.name,
    })),

  "wireframe.patched": none,
  "wireframe.deleted": none,
  // The project's history names its wireframes' arrivals, names and share links (who showed it outside the team).
  "wireframe.created": (e) => [
    { projectId: e.projectId, action: "wireframe.created", newValue: { name: e.subject.name, source: e.change.source } },
  ],
  "wireframe.renamed": (e) => [
    { projectId: e.projectId, action: "wireframe.renamed", field: "name", oldValue: e.change.from, newValue: e.change.to },
  ],
  "wireframe.image_added": none,
  "wireframe.shared": (e) => [{ projectId: e.projectId, action: "wireframe.shared", newValue: { name: e.subject.name } }],
  "wireframe.share_revoked": (e) => [{ projectId: e.projectId, action: "wireframe.share_revoked", oldValue: { name: e.subject.name } }],
  // Feedback keeps its own threads, on the prototype.
  "feedback.pin_created": none,
  "feedback.replied": none,
  "feedback.resolved": none,
  "feedback.reopened": none,
  "component.created": none,
  "component.updated": none,
  "component.deleted": none,
  "design.tokens.changed": none,
  "design.version_published": (e) => [
    { projectId: e.projectId, action: "design.version_published", newValue: { version: e.subject.version, note: e.change.note } },
  ],
  "design.download_link_created": none,
  "design.download_link_revoked": none,

  "member.invited": (e) => [{ projectId: null, action: "member.invited", newValue: { email: e.subject.email, role: e.change.role } }],
  "member.joined": (e) => [{ projectId: null, action: "member.joined", newValue: { role: e.change.role } }],
  "member.role_changed": (e) => [
    { projectId: null, cardId: null, action: "member.role_changed", field: "role", oldValue: e.change.from, newValue: e.change.to },
  ],
  "member.removed": (e) => [{ projectId: null, action: "member.removed", oldValue: { email: e.subject.email, role: e.change.role } }],
  "member.left": (e) => [{ projectId: null, action: "member.left", oldValue: { email: e.subject.email, role: e.change.role } }],

  "integration.connected": (e) => [
    { projectId: e.projectId, action: "integration.connected", newValue: { ...e.subject, reconnected: e.change.reconnected } },
  ],
  "integration.disconnected": (e) => [{ projectId: e.projectId, action: "integration.disconnected", oldValue: e.subject }],

  "workspace.updated": (e) =>
    e.change.fields.map((f) => ({ projectId: null, action: "workspace.updated", field: f.field, oldValue: f.from, newValue: f.to })),

  // A person's own account belongs to no workspace's history.
  "account.updated": none,
  "account.email_changed": none,
  "account.password_changed": none,
};

/** Every kind there is (the table above names each one). */
export const EVENT_KINDS = Object.keys(ROWS) as EventKind[];

/** The activity rows an event writes (none for the kinds the log does not show). */
export function activityRows<K extends EventKind>(event: EventOf<K>): ActivityInput[] {
  const { workspaceId } = event;
  if (workspaceId === null) return [];
  const rows = (ROWS[event.kind] as (e: EventOf<K>) => Row[])(event);
  return rows.map((r) => ({ ...r, workspaceId, actorId: event.actor?.id ?? null }));
}
