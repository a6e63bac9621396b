import { digestRuleText, workspaceDigest } from "../analytics/digest";
import type { WeeklyDigest } from "../analytics/digest-mail";
import { db } from "../db";
import { wakeWebhooks } from "../webhooks/worker";
import { escapeText, slackLink, slackProjects } from "./slack";
import { enqueueSlackPost } from "./slack-queue";

/** The weekly digest's message for one project's channel: the workspace's week, then this project's cards. */
export function slackDigestText(d: WeeklyDigest, project: { id: string; name: string }): string {
  const mine = (cards: WeeklyDigest["completed"]["cards"]) => cards.filter((c) => c.href.startsWith(`/projects/${project.id}?`));
  const list = (label: string, cards: WeeklyDigest["completed"]["cards"]) =>
    cards.length ? [`*${label}*`, ...cards.map((c) => `• ${slackLink(c.href, c.title)}`)] : [];
  const lines = [
    `:calendar: *Weekly digest* for ${escapeText(d.workspace)}, ${d.from} to ${d.to}`,
    escapeText(digestRuleText(d)),
    ...list(`Completed in ${project.name}`, mine(d.completed.cards)),
    ...list(`Overdue in ${project.name}`, mine(d.overdue.cards)),
  ];
  return lines.join("\n");
}

/** Queues the weekly digest for every project's channel (the delivery runner posts it); returns how many were queued. */
export async function postSlackDigests(today: string): Promise<number> {
  const digests = new Map<string, WeeklyDigest>();
  let queued = 0;
  for (const p of await slackProjects()) {
    try {
      let d = digests.get(p.workspaceId);
      if (!d) {
        d = await workspaceDigest(p.workspaceId, today);
        digests.set(p.workspaceId, d);
      }
      const text = slackDigestText(d, { id: p.projectId, name: p.projectName });
      await enqueueSlackPost(db(), { workspaceId: p.workspaceId, projectId: p.projectId, kind: "digest", text });
      queued += 1;
    } catch (error) {
      console.error("[slack] weekly digest failed", error);
    }
  }
  if (queued) wakeWebhooks();
  return queued;
}

export function slackDigestJob(today: string) {
  return { afterCommit: () => postSlackDigests(today) };
}
