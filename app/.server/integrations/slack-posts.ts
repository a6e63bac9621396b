import { and, eq } from "drizzle-orm";
import { schema, type Db } from "../db";
import type { DomainEvent } from "../events/types";
import { wakeWebhooks } from "../webhooks/worker";
import { escapeText, namesOf, slackLink } from "./slack";
import { enqueueSlackPost, type SlackPost } from "./slack-queue";

/**
 * What a project's Slack channel hears (decision 030): a card moved into a completed column,
 * a comment that mentions someone (and the weekly digest, slack-digest.ts). The message is
 * queued in the change's own transaction (slack-queue.ts), so a committed change always has
 * its post and a rolled-back one has none; every other event is ignored before any query.
 */
export async function queueEventForSlack(tx: Db, event: DomainEvent): Promise<boolean> {
  if (!event.projectId || !event.workspaceId) return false;
  const post = await postFor(tx, event);
  if (post) await enqueueSlackPost(tx, { ...post, workspaceId: event.workspaceId, projectId: event.projectId, eventId: event.id });
  return post !== null;
}

const who = (event: DomainEvent) => escapeText(event.actor?.name || "Someone");
const cardLink = (projectId: string, card: { id: string; number: number; title: string }) =>
  slackLink(`/projects/${projectId}?task=${card.id}`, `#${card.number} ${card.title}`);

async function postFor(tx: Db, event: DomainEvent): Promise<Pick<SlackPost, "kind" | "text"> | null> {
  const projectId = event.projectId!;
  switch (event.kind) {
    case "card.moved": {
      const [column] = await tx
        .select({ stateGroup: schema.boardColumns.stateGroup })
        .from(schema.boardColumns)
        .where(and(eq(schema.boardColumns.id, event.change.to.id), eq(schema.boardColumns.workspaceId, event.workspaceId)));
      if (column?.stateGroup !== "completed" || event.change.from.id === event.change.to.id) return null;
      if (!(await hasSlack(tx, event.workspaceId, projectId))) return null;
      const text = `:white_check_mark: ${who(event)} moved ${cardLink(projectId, event.subject)} to *${escapeText(event.change.to.name)}*.`;
      return { kind: "card_done", text };
    }
    case "comment.created": {
      if (event.change.mentioned.length === 0 || !(await hasSlack(tx, event.workspaceId, projectId))) return null;
      const names = await namesOf(tx, event.change.mentioned);
      const quote = event.change.text.length > 300 ? `${event.change.text.slice(0, 300)}…` : event.change.text;
      const text =
        `:speech_balloon: ${who(event)} mentioned ${escapeText(names.join(", "))} on ${cardLink(projectId, event.subject)}:\n` +
        quote
          .split("\n")
          .map((line) => `> ${escapeText(line)}`)
          .join("\n");
      return { kind: "mention", text };
    }
    default:
      return null;
  }
}

async function hasSlack(tx: Db, workspaceId: string, projectId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: schema.slackIntegrations.projectId })
    .from(schema.slackIntegrations)
    .where(and(eq(schema.slackIntegrations.projectId, projectId), eq(schema.slackIntegrations.workspaceId, workspaceId)));
  return rows.length > 0;
}

/** The subscriber (events/subscribers.ts): the post is queued with the change, and the runner woken once it has committed. */
const queued = new WeakSet<DomainEvent>();
export const slackSubscriber = {
  name: "slack",
  inTransaction: async (tx: Db, event: DomainEvent) => {
    if (await queueEventForSlack(tx, event)) queued.add(event);
  },
  afterCommit: async (event: DomainEvent) => {
    if (queued.delete(event)) wakeWebhooks();
  },
};
