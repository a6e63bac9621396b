import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { requireAccess, requireRead } from "../access";
import { db, schema, type Db } from "../db";
import { env } from "../env";
import { UserError } from "../errors";
import { appLink } from "../mail";
import type { MemberContext } from "../workspaces";
import { open } from "../crypto/seal";

/**
 * Slack (issue 22, decision 030): a project may post to a Slack incoming webhook. The URL is
 * a secret (whoever has it can post to the channel), so it is kept sealed and shown only as a
 * hint. What a change or the weekly digest posts goes through the durable delivery queue
 * (slack-queue.ts: retried with backoff, across restarts); connecting and "Send test message"
 * post at once, since the person waits for the answer. The last outcome is kept on the
 * project's row (the settings page shows it).
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
export function hintOf(url: URL): string {
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

/** One project of the member's workspace, or a 404. */
export async function requireProject(member: MemberContext, projectId: string) {
  const [project] = await db()
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, member.workspace.id)));
  if (!project) throw new UserError(404, "That project was not found. It may have been deleted, or it belongs to another workspace.");
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

export type SlackSendResult = { ok: true } | { ok: false; error: string; status: number | null };

/** One POST with a short timeout and no redirects followed; never throws. */
export async function postToSlack(url: string, message: SlackMessage): Promise<SlackSendResult> {
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
    return { ok: false, error: `HTTP ${res.status}${body ? `: ${body}` : ""}`, status: res.status };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    return { ok: false, error: name === "TimeoutError" ? "no answer in time" : "could not reach it", status: null };
  }
}

/** Posts at once to a project's channel if it has one (null if not); the outcome is kept on its row. */
async function postProject(workspaceId: string, projectId: string, message: SlackMessage) {
  const [row] = await db()
    .select({ url: slackIntegrations.webhookUrlEnc })
    .from(slackIntegrations)
    .where(and(eq(slackIntegrations.projectId, projectId), eq(slackIntegrations.workspaceId, workspaceId)));
  if (!row) return null;
  const sent = await postToSlack(open(row.url), message);
  await recordSlackOutcome(db(), workspaceId, projectId, sent);
  return sent;
}

/** A post's outcome on the project's row: when it last posted, or what went wrong last. */
export async function recordSlackOutcome(tx: Db, workspaceId: string, projectId: string, sent: SlackSendResult, at = new Date()) {
  const where = and(eq(slackIntegrations.projectId, projectId), eq(slackIntegrations.workspaceId, workspaceId));
  if (sent.ok) {
    await tx.update(slackIntegrations).set({ lastPostedAt: at, lastError: null, lastErrorAt: null }).where(where);
  } else {
    console.warn(`[slack] post to project ${projectId} failed: ${sent.error}`);
    await tx.update(slackIntegrations).set({ lastError: sent.error, lastErrorAt: at }).where(where);
  }
}

/** Display names of users, by id (for mentions). */
export async function namesOf(tx: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx.select({ id: users.id, name: users.fullName, email: users.email }).from(users).where(inArray(users.id, userIds));
  return rows.map((r) => r.name || r.email.split("@")[0]!);
}

/** The projects with a Slack channel (for the weekly digest). */
export function slackProjects() {
  return db()
    .select({ workspaceId: slackIntegrations.workspaceId, projectId: slackIntegrations.projectId, projectName: projects.name })
    .from(slackIntegrations)
    .innerJoin(projects, and(eq(projects.id, slackIntegrations.projectId), isNull(projects.archivedAt)));
}
