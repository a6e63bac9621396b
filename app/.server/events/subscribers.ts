import { db, type Db } from "../db";
import { slackSubscriber } from "../integrations/slack-posts";
import { autoWatch } from "../notifications";
import { cardAssigned, commentPosted, descriptionMentions } from "../notifications/cards";
import { emailChanged, passwordChanged } from "../notifications/account";
import { invitationAccepted, roleChanged } from "../notifications/workspace-events";
import { recordActivity } from "../projects/activity";
import { publish } from "../realtime";
import { enqueueDeliveries, wakeWebhooks } from "../webhooks";
import { activityRows } from "./activity-rows";
import { liveMessages } from "./live-messages";
import type { DomainEvent } from "./types";

/**
 * Everything that follows a change, in one place. Each subscriber hears every event once:
 * `inTransaction` inside the mutation's transaction (it is part of the change: if it fails,
 * nothing was changed), `afterCommit` once the change is stored (a failure there is logged
 * and costs only that subscriber's effect). They run in this order.
 *
 * The insights refresh needs no subscriber: the database's change marks (triggers, migration
 * 0220) notify it of every write to what insights rest on, including writes no event names.
 * Webhooks queue their deliveries inside the transaction (so none is lost between commit
 * and queueing) and wake the delivery runner after commit (app/.server/webhooks).
 */
export type Subscriber = {
  name: string;
  inTransaction?: (tx: Db, event: DomainEvent) => Promise<void>;
  afterCommit?: (event: DomainEvent) => Promise<void>;
};

/** The activity log: the history the board, the dashboard and a member's page show. */
const activityLog: Subscriber = {
  name: "activity",
  inTransaction: (tx, event) => recordActivity(tx, activityRows(event)),
};

/** Live updates: every process's open pages on the event's topics (LISTEN/NOTIFY). */
const liveUpdates: Subscriber = {
  name: "realtime",
  afterCommit: async (event) => {
    for (const { topic, message } of liveMessages(event)) await publish(topic, message);
  },
};

/** Watchers and notifications: who follows a card from now on, and who hears of a change (an account's owner by e-mail). */
const notifications: Subscriber = {
  name: "notifications",
  afterCommit: async (event) => {
    const actor = event.actor ?? { id: "", name: null };
    switch (event.kind) {
      case "card.assigned": {
        // Assignees watch the card (unless they chose to stop), then hear of it.
        await autoWatch(db(), event.workspaceId, event.subject.id, [event.change.user.id]);
        await cardAssigned(actor, cardOf(event), event.change.user.id);
        return;
      }
      case "comment.created": {
        await autoWatch(db(), event.workspaceId, event.subject.id, [actor.id]);
        await commentPosted(actor, cardOf(event), { mentioned: event.change.mentioned, text: event.change.text });
        return;
      }
      case "comment.edited":
        await commentPosted(actor, cardOf(event), { mentioned: event.change.mentioned, text: event.change.text, edited: true });
        return;
      case "card.updated": {
        const description = event.change.fields.find((f) => f.field === "description");
        if (description && event.change.mentioned.length) {
          await descriptionMentions(actor, cardOf(event), event.change.mentioned, String(description.to ?? ""));
        }
        return;
      }
      case "member.role_changed":
        await roleChanged({ workspaceId: event.workspaceId, actorId: actor.id, userId: event.subject.userId, role: event.change.to });
        return;
      case "member.joined":
        await invitationAccepted({ workspaceId: event.workspaceId, inviterId: event.change.invitedBy, userId: event.subject.userId });
        return;
      case "account.password_changed":
        await passwordChanged(event);
        return;
      case "account.email_changed":
        await emailChanged(event);
        return;
      default:
        return;
    }
  },
};

/** Outgoing webhooks: a delivery row per subscribed endpoint, in the change's transaction; sent once it has committed. */
const queuedWebhooks = new WeakSet<DomainEvent>();
const webhooks: Subscriber = {
  name: "webhooks",
  inTransaction: async (tx, event) => {
    if (await enqueueDeliveries(tx, event)) queuedWebhooks.add(event);
  },
  afterCommit: async (event) => {
    if (queuedWebhooks.delete(event)) wakeWebhooks();
  },
};

function cardOf(event: { workspaceId: string; projectId: string | null; subject: { id: string; title: string } }) {
  return { workspaceId: event.workspaceId, projectId: event.projectId ?? "", cardId: event.subject.id, title: event.subject.title };
}

export const SUBSCRIBERS: readonly Subscriber[] = [activityLog, liveUpdates, notifications, webhooks, slackSubscriber];
