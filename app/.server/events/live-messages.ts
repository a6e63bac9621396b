import { boardTopic, componentsTopic, wireframeTopic } from "../realtime";
import type { EventKind, EventOf } from "./types";

/**
 * What each kind of event tells the open pages (realtime, LISTEN/NOTIFY): the message and its
 * topic, as the board's stream (`use-board-events.ts`) reads them. A kind no page follows live
 * sends nothing.
 */
export type LiveMessage = { topic: string; message: Record<string, unknown> };
type Messages = { [K in EventKind]: (e: EventOf<K>) => LiveMessage[] };

const none = () => [];

const componentMessage = (workspaceId: string, id: string, version: number): LiveMessage => ({
  topic: componentsTopic(workspaceId),
  message: { type: "component", id, version },
});

const onBoard = (e: { projectId: string | null }, message: Record<string, unknown>): LiveMessage[] =>
  e.projectId ? [{ topic: boardTopic(e.projectId), message }] : [];

/** The card's face or panel changed: the board revalidates. */
const cardUpdated = (e: { projectId: string | null; subject: { id: string }; actor: { id: string } | null }) =>
  onBoard(e, { type: "card.updated", cardId: e.subject.id, by: e.actor?.id ?? null });
const columnsChanged = (e: { projectId: string | null; actor: { id: string } | null }) =>
  onBoard(e, { type: "columns.changed", by: e.actor?.id ?? null });
/** Several cards changed at once. */
const boardChanged = (e: { projectId: string | null; actor: { id: string } | null; change: { cards: unknown[] } }) =>
  e.change.cards.length ? onBoard(e, { type: "board.changed", by: e.actor?.id ?? null }) : [];

/** Patches whose ops fit in a notification carry them; the editors read larger ones from the log. */
const INLINE_OPS_BYTES = 6_000;

const MESSAGES: Messages = {
  "project.created": none,
  "project.updated": none,
  "project.archived": none,
  "project.restored": none,
  "project.deleted": none,

  "column.added": columnsChanged,
  "column.updated": columnsChanged,
  "column.shifted": columnsChanged,
  "column.deleted": columnsChanged,

  "card.created": (e) => onBoard(e, { type: "card.created", cardId: e.subject.id, by: e.actor?.id ?? null }),
  "card.moved": (e) => onBoard(e, { type: "card.moved", cardId: e.subject.id, by: e.actor?.id ?? null }),
  "card.updated": cardUpdated,
  "card.deleted": (e) => onBoard(e, { type: "card.deleted", cardId: e.subject.id, by: e.actor?.id ?? null }),
  "card.assigned": cardUpdated,
  "card.unassigned": cardUpdated,
  "card.labelled": cardUpdated,
  "card.unlabelled": cardUpdated,
  "card.estimated": cardUpdated,
  "card.cycle_changed": cardUpdated,
  "card.screen_linked": cardUpdated,
  "card.screen_unlinked": cardUpdated,

  "label.created": (e) => onBoard(e, { type: "labels.changed", by: e.actor?.id ?? null }),

  "checklist.added": cardUpdated,
  "checklist.checked": cardUpdated,
  "checklist.unchecked": cardUpdated,
  "checklist.removed": cardUpdated,

  "comment.created": cardUpdated,
  "comment.edited": cardUpdated,
  "comment.deleted": cardUpdated,

  "attachment.added": cardUpdated,
  "attachment.removed": cardUpdated,

  // The blocked card's face shows the block.
  "dependency.added": cardUpdated,
  "dependency.removed": cardUpdated,

  "cycle.created": none,
  "cycle.renamed": none,
  "cycle.rescheduled": none,
  "cycle.closed": none,
  "cycle.deleted": boardChanged,
  "cycle.unfinished_moved": boardChanged,

  // The wireframe's editors (app/.server/wireframes/events.ts streams them).
  "wireframe.patched": (e) => [
    {
      topic: wireframeTopic(e.subject.id),
      message: {
        type: "patch",
        seq: e.change.seq,
        clientId: e.change.clientId,
        userId: e.actor?.id ?? null,
        ...(e.change.patchId ? { patchId: e.change.patchId } : {}),
        ...(JSON.stringify(e.change.ops).length <= INLINE_OPS_BYTES ? { ops: e.change.ops } : {}),
      },
    },
  ],
  "wireframe.deleted": (e) => [{ topic: wireframeTopic(e.subject.id), message: { type: "deleted" } }],
  // No open page follows these live: the lists read them on their next load, and an image
  // reaches the editors by the patch that places it.
  "wireframe.created": none,
  "wireframe.renamed": none,
  "wireframe.image_added": none,
  "wireframe.shared": none,
  "wireframe.share_revoked": none,
  "feedback.pin_created": none,
  "feedback.replied": none,
  "feedback.resolved": none,
  "feedback.reopened": none,
  // The workspace's open editors (they redraw the instances of a changed main component).
  "component.created": (e) => [componentMessage(e.workspaceId, e.subject.id, e.change.version)],
  "component.updated": (e) => [componentMessage(e.workspaceId, e.subject.id, e.change.version)],
  "component.deleted": (e) => [
    ...e.change.redrawn.map((c) => componentMessage(e.workspaceId, c.id, c.version)),
    { topic: componentsTopic(e.workspaceId), message: { type: "component", id: e.subject.id, version: 0, deleted: true } },
  ],
  "design.tokens.changed": none,
  "design.version_published": none,
  "design.download_link_created": none,
  "design.download_link_revoked": none,

  "member.invited": none,
  "member.joined": none,
  "member.role_changed": none,
  "member.removed": none,
  "member.left": none,

  "integration.connected": none,
  "integration.disconnected": none,
  "workspace.updated": none,

  "account.updated": none,
  "account.email_changed": none,
  "account.password_changed": none,
};

/** The live messages an event sends (none for the kinds no page follows). */
export function liveMessages<K extends EventKind>(event: EventOf<K>): LiveMessage[] {
  return (MESSAGES[event.kind] as (e: EventOf<K>) => LiveMessage[])(event);
}
