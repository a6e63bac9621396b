import { and, eq } from "drizzle-orm";
import { requireAccess } from "../access";
import { seal } from "../crypto/seal";
import { db, schema } from "../db";
import { emit, envelope, mutate } from "../events";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { checkSlackWebhookUrl, escapeText, hintOf, postToSlack, requireProject } from "./slack";

/**
 * Connecting and disconnecting a project's Slack channel (decision 030): each an
 * `integration.connected` or `.disconnected` event, emitted with the write, so the workspace's
 * history shows who connected what. (Apart from slack.ts, which the events' Slack subscriber
 * reads: a service that emits may not be imported by a subscriber.)
 */
const { slackIntegrations } = schema;

/** Connects (or replaces) a project's Slack webhook, after checking Slack accepts a first post. */
export async function connectSlack(member: MemberContext, projectId: string, rawUrl: string) {
  await requireAccess(db(), member, "project", "change");
  const project = await requireProject(member, projectId);
  const url = checkSlackWebhookUrl(rawUrl);
  const sent = await postToSlack(url.href, {
    text: `Atelier will post *${escapeText(project.name)}*'s finished cards, mentions and weekly digest here (connected by ${escapeText(member.user.fullName || member.user.email)}).`,
  });
  if (!sent.ok) throw new UserError(400, `Slack did not accept a message at that URL (${sent.error}). Check it and try again.`, "url");
  const row = {
    workspaceId: member.workspace.id,
    webhookUrlEnc: seal(url.href),
    webhookHint: hintOf(url),
    connectedBy: member.user.id,
    connectedAt: new Date(),
    lastPostedAt: new Date(),
    lastError: null,
    lastErrorAt: null,
  };
  await mutate(async (tx) => {
    await requireAccess(tx, member, "project", "change");
    const before = await tx
      .select({ id: slackIntegrations.projectId })
      .from(slackIntegrations)
      .where(and(eq(slackIntegrations.projectId, project.id), eq(slackIntegrations.workspaceId, member.workspace.id)));
    await tx
      .insert(slackIntegrations)
      .values({ projectId: project.id, ...row })
      .onConflictDoUpdate({ target: slackIntegrations.projectId, set: row });
    await emit(tx, {
      kind: "integration.connected",
      ...envelope(member, project.id),
      subject: { provider: "slack", name: project.name },
      change: { reconnected: before.length > 0 },
    });
  });
  return project;
}

/** Disconnects a project's channel (what it had pending goes with it); nothing to disconnect emits nothing. */
export async function disconnectSlack(member: MemberContext, projectId: string) {
  await requireAccess(db(), member, "project", "change");
  const project = await requireProject(member, projectId);
  await mutate(async (tx) => {
    const gone = await tx
      .delete(slackIntegrations)
      .where(and(eq(slackIntegrations.projectId, project.id), eq(slackIntegrations.workspaceId, member.workspace.id)))
      .returning({ id: slackIntegrations.projectId });
    if (gone.length === 0) return;
    await emit(tx, {
      kind: "integration.disconnected",
      ...envelope(member, project.id),
      subject: { provider: "slack", name: project.name },
      change: {},
    });
  });
  return project;
}
