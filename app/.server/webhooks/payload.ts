import type { WebhookType } from "~/lib/webhooks";
import { apiCardIn } from "../api-v1/card-reads";
import { apiCommentIn, apiCycleIn, apiMemberIn } from "../api-v1/object-reads";
import type { Db } from "../db";
import type { DomainEvent } from "../events/types";

/**
 * What a webhook says of a domain event (decision 029): its public type, the object it is
 * about and what changed. Card field edits made by their own mutations (assignees, labels,
 * estimate, cycle) are `card.updated` to a receiver, as the card's other fields are; a member
 * who left is `member.removed` (`changes.left`).
 *
 * `object` is the object as the public API returns it (`GET /api/v1/…`) where the API has it
 * and it still exists: a card as the change left it, read in the change's own transaction.
 * Otherwise (a deleted card, the kinds the API does not serve yet) it is the event's subject
 * with its type, ids and project.
 */
export type WebhookPayload = {
  type: WebhookType | "webhook.test";
  timestamp: string;
  data: {
    workspace: { id: string };
    event: { id: string; kind: string };
    actor: { id: string; name: string | null } | null;
    object: Record<string, unknown>;
    changes: Record<string, unknown>;
  };
};

/** The public type of a domain event, or null when no webhook reports it. */
export function webhookTypeOf(event: DomainEvent): WebhookType | null {
  switch (event.kind) {
    case "card.created":
    case "card.moved":
    case "card.deleted":
    case "card.updated":
    case "comment.created":
    case "cycle.closed":
    case "wireframe.shared":
    case "member.joined":
    case "member.removed":
      return event.kind;
    case "card.assigned":
    case "card.unassigned":
    case "card.labelled":
    case "card.unlabelled":
    case "card.estimated":
    case "card.cycle_changed":
      return "card.updated";
    case "member.left":
      return "member.removed";
    case "design.version_published":
      return "token_version.published";
    default:
      return null;
  }
}

/** What changed, as a receiver reads it: card field edits as `fields` of `{ field, from, to }` (or `added`/`removed`). */
function changesOf(event: DomainEvent): Record<string, unknown> {
  switch (event.kind) {
    case "card.assigned":
      return { fields: [{ field: "assignees", added: [event.change.user] }] };
    case "card.unassigned":
      return { fields: [{ field: "assignees", removed: [event.change.user] }] };
    case "card.labelled":
      return { fields: [{ field: "labels", added: [event.change.label] }] };
    case "card.unlabelled":
      return { fields: [{ field: "labels", removed: [event.change.label] }] };
    case "card.estimated":
      return { fields: [{ field: "estimate", from: event.change.from, to: event.change.to }] };
    case "card.cycle_changed":
      return { fields: [{ field: "cycle", from: event.change.from, to: event.change.to }] };
    case "card.updated":
      // `mentioned` is for notifications (user ids); the fields are what changed.
      return { fields: event.change.fields };
    case "member.left":
      return { ...event.change, left: true };
    case "comment.created":
      return { commentId: event.change.commentId, text: event.change.text };
    default:
      return { ...event.change };
  }
}

/** The object an event is about: its type and the subject (`id` always, the user's id for a member). */
function objectOf(event: DomainEvent): Record<string, unknown> {
  if (event.kind === "comment.created") {
    const { commentId, text } = event.change;
    return { object: "comment", id: commentId, card: event.subject, text, projectId: event.projectId };
  }
  const type = event.kind.startsWith("design.") ? "token_version" : event.kind.split(".")[0]!;
  const subject = event.subject as Record<string, unknown>;
  const id = "id" in subject ? subject.id : "userId" in subject ? subject.userId : null;
  return { object: type, ...subject, id, projectId: event.projectId };
}

/** The ordering key: deliveries about one object go to an endpoint in the order of their events. */
export function objectKeyOf(event: DomainEvent): string {
  const object = objectOf(event);
  return `${String(object.object)}:${String(object.id)}`;
}

/** The object as the API returns it, where it has it (`null`: the event's own view of it will do). */
async function apiObjectOf(tx: Db, event: DomainEvent, workspaceId: string): Promise<Record<string, unknown> | null> {
  if (event.kind.startsWith("card.") && event.kind !== "card.deleted") {
    return apiCardIn(tx, workspaceId, (event.subject as { id: string }).id);
  }
  if (event.kind === "comment.created") return apiCommentIn(tx, workspaceId, event.change.commentId);
  if (event.kind === "cycle.closed") return apiCycleIn(tx, workspaceId, event.subject.id, new Date(event.at));
  if (event.kind === "member.joined") return apiMemberIn(tx, workspaceId, event.subject.userId);
  return null;
}

/** The body of a delivery: `{ type, timestamp, data: { workspace, event, object, changes } }`, built in the change's transaction. */
export async function payloadOf(tx: Db, event: DomainEvent, type: WebhookType, workspaceId: string): Promise<WebhookPayload> {
  return {
    type,
    timestamp: event.at,
    data: {
      workspace: { id: workspaceId },
      event: { id: event.id, kind: event.kind },
      actor: event.actor,
      object: (await apiObjectOf(tx, event, workspaceId)) ?? objectOf(event),
      changes: changesOf(event),
    },
  };
}
