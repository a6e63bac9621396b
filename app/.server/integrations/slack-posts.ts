import { and, eq } from "drizzle-orm";
import { db, schema } from "../db";
import type { DomainEvent } from "../events/types";
import { escapeText, namesOf, postProject, slackLink } from "./slack";

/**
 * What a project's Slack channel hears (decision 030): a card moved into a completed column,
 * a comment that mentions someone (and the weekly digest, slack-digest.ts). Called after commit by the
 * subscriber in events/subscribers.ts; every other event is ignored before any query.
 */
export async function postEventToSlack(event: DomainEvent): Promise<void> {
  if (!event.projectId) return;
  const message = await messageFor(event);
  if (message) await postProject(event.workspaceId, event.projectId, { text: message });
}

const who = (event: DomainEvent) => escapeText(event.actor?.name || "Someone");
const cardLink = (projectId: string, card: { id: string; number: number; title: string }) =>
  slackLink(`/projects/${projectId}?task=${card.id}`, `#${card.number} ${card.title}`);

async function messageFor(event: DomainEvent): Promise<string | null> {
  const projectId = event.projectId!;
  switch (event.kind) {
    case "card.moved": {
      const [column] = await db()
        .select({ stateGroup: schema.boardColumns.stateGroup })
        .from(schema.boardColumns)
        .where(and(eq(schema.boardColumns.id, event.change.to.id), eq(schema.boardColumns.workspaceId, event.workspaceId)));
      if (column?.stateGroup !== "completed" || event.change.from.id === event.change.to.id) return null;
      if (!(await hasSlack(event.workspaceId, projectId))) return null;
      return `:white_check_mark: ${who(event)} moved ${cardLink(projectId, event.subject)} to *${escapeText(event.change.to.name)}*.`;
    }
    case "comment.created": {
      if (event.change.mentioned.length === 0 || !(await hasSlack(event.workspaceId, projectId))) return null;
      const names = await namesOf(event.change.mentioned);
      const quote = event.change.text.length > 300 ? `${event.change.text.slice(0, 300)}…` : event.change.text;
      return (
        `:speech_balloon: ${who(event)} mentioned ${escapeText(names.join(", "))} on ${cardLink(projectId, event.subject)}:\n` +
        quote
          .split("\n")
          .map((line) => `> ${escapeText(line)}`)
          .join("\n")
      );
    }
    default:
      return null;
  }
}

async function hasSlack(workspaceId: string, projectId: string): Promise<boolean> {
  const rows = await db()
    .select({ id: schema.slackIntegrations.projectId })
    .from(schema.slackIntegrations)
    .where(and(eq(schema.slackIntegrations.projectId, projectId), eq(schema.slackIntegrations.workspaceId, workspaceId)));
  return rows.length > 0;
}

/** The after-commit subscriber (events/subscribers.ts): a failed post is logged on the project's row, never retried. */
export const slackSubscriber = {
  name: "slack",
  afterCommit: (event: DomainEvent) => postEventToSlack(event),
};
