import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { requireAccess, requireRead } from "../access";
import { db, schema } from "../db";
import { env } from "../env";
import { UserError } from "../errors";
import { appLink } from "../mail";
import type { MemberContext } from "../workspaces";
import { open, seal } from "../crypto/seal";

/**
 * Slack (issue 22, decision 030): a project may post to a Slack incoming webhook. The URL is
 * a secret (whoever has it can post to the channel), so it is kept sealed and shown only as a
 * hint. Posts are sent at once with a short timeout; a failure is logged and kept on the
 * project's row (the settings page shows it), never retried: the durable delivery queue of the
 * outgoing webhooks is where these posts should move once it exists.
 */
const { slackIntegrations, projects, users } = schema;

export const SLACK_TIMEOUT_MS = 5_000;

export type SlackMessage = { text: string };

/** Is this URL a Slack incoming webhook, on one of the allowed hosts (SLACK_WEBHOOK_HOSTS)? */
export function checkSlackWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UserError(400, "Enter the whole webhook URL Slack gave you, starting with https://hooks.slack.com/services/.", "url");
  }
  const allowed = env().SLACK_WEBHOOK_HOSTS.some((host) => {
    const origin = host.includes("://") ? host : `https://${host}`;
    return url.origin === new URL(origin).origin;
  });
  if (!allowed || !/^\/services\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/?$/.test(url.pathname) || url.username || url.search)
    throw new UserError(400, "That is not a Slack incoming-webhook URL: it looks like https://hooks.slack.com/services/T…/B…/….", "url");
  return url;
}

/** "hooks.slack.com/services/T0AB…/…x9Qz": enough to recognise, not enough to post. */
function hintOf(url: URL): string {
  const [, , team = "", , secret = ""] = url.pathname.split("/");
  return `${url.host}/services/${team.slice(0, 4)}…/…${secret.slice(-4)}`;
}

/** The workspace's projects with their Slack state (for /settings/integrations). */
export async function listSlackProjects(member: MemberContext) {
  requireRead(member, "project");
  return db()
    .select({
      projectId: projects.id,
      projectName: projects.name,
      hint: slackIntegrations.webhookHint,
      connectedAt: slackIntegrations.connectedAt,
      connectedBy: users.fullName,
      lastPostedAt: slackIntegrations.lastPostedAt,
      lastError: slackIntegrations.lastError,
      lastErrorAt: slackIntegrations.lastErrorAt,
    })
    .from(projects)
    .leftJoin(slackIntegrations, and(eq(slackIntegrations.projectId, projects.id), eq(slackIntegrations.workspaceId, member.workspace.id)))
    .leftJoin(users, eq(users.id, slackIntegrations.connectedBy))
    .where(and(eq(projects.workspaceId, member.workspace.id), isNull(projects.archivedAt)))
    .orderBy(asc(projects.name));
}

async function requireProject(member: MemberContext, projectId: string) {
  const [project] = await db()
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, member.workspace.id)));
  if (!project) throw new UserError(404, "That project was not found. It may have been deleted, or it belongs to another workspace.");
  return project;
}

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
  await db()
    .insert(slackIntegrations)
    .values({ projectId: project.id, ...row })
    .onConflictDoUpdate({ target: slackIntegrations.projectId, set: row });
  return project;
}

export async function disconnectSlack(member: MemberContext, projectId: string) {
  await requireAccess(db(), member, "project", "change");
  const project = await requireProject(member, projectId);
  await db()
    .delete(slackIntegrations)
    .where(and(eq(slackIntegrations.projectId, project.id), eq(slackIntegrations.workspaceId, member.workspace.id)));
  return project;
}

/** "Send test message": a 400 saying what Slack answered when it did not take it. */
export async function sendSlackTest(member: MemberContext, projectId: string) {
  await requireAccess(db(), member, "project", "change");
  const project = await requireProject(member, projectId);
  const sent = await postProject(member.workspace.id, project.id, {
    text: `Test message from Atelier for *${escapeText(project.name)}*, sent by ${escapeText(member.user.fullName || member.user.email)}. It works.`,
  });
  if (sent === null) throw new UserError(404, `${project.name} has no Slack channel connected.`);
  if (!sent.ok) throw new UserError(502, `Slack did not take the test message: ${sent.error}.`);
  return project;
}

/** Escapes what Slack's mrkdwn treats as markup. */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `<url|label>`: a link in a Slack message. */
export function slackLink(path: string, label: string): string {
  return `<${appLink(path)}|${escapeText(label).replace(/\|/g, "¦")}>`;
}

/** One POST with a short timeout and no redirects followed; never throws. */
export async function postToSlack(url: string, message: SlackMessage): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(message),
      redirect: "manual",
      signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
    });
    if (res.ok) {
      await res.body?.cancel();
      return { ok: true };
    }
    const body = (await res.text()).slice(0, 200).trim();
    return { ok: false, error: `HTTP ${res.status}${body ? `: ${body}` : ""}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    return { ok: false, error: name === "TimeoutError" ? "no answer in time" : "could not reach it" };
  }
}

/** Posts to a project's channel if it has one (null if not); the outcome is kept on its row. */
export async function postProject(workspaceId: string, projectId: string, message: SlackMessage) {
  const [row] = await db()
    .select({ url: slackIntegrations.webhookUrlEnc })
    .from(slackIntegrations)
    .where(and(eq(slackIntegrations.projectId, projectId), eq(slackIntegrations.workspaceId, workspaceId)));
  if (!row) return null;
  const sent = await postToSlack(open(row.url), message);
  const where = and(eq(slackIntegrations.projectId, projectId), eq(slackIntegrations.workspaceId, workspaceId));
  if (sent.ok) {
    await db().update(slackIntegrations).set({ lastPostedAt: new Date(), lastError: null, lastErrorAt: null }).where(where);
  } else {
    console.warn(`[slack] post to project ${projectId} failed: ${sent.error}`);
    await db().update(slackIntegrations).set({ lastError: sent.error, lastErrorAt: new Date() }).where(where);
  }
  return sent;
}

/** Display names of users, by id (for mentions). */
export async function namesOf(userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db().select({ id: users.id, name: users.fullName, email: users.email }).from(users).where(inArray(users.id, userIds));
  return rows.map((r) => r.name || r.email.split("@")[0]!);
}

/** The projects with a Slack channel (for the weekly digest). */
export function slackProjects() {
  return db()
    .select({ workspaceId: slackIntegrations.workspaceId, projectId: slackIntegrations.projectId, projectName: projects.name })
    .from(slackIntegrations)
    .innerJoin(projects, and(eq(projects.id, slackIntegrations.projectId), isNull(projects.archivedAt)));
}
