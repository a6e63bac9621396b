import { and, eq } from "drizzle-orm";
import { open } from "../crypto/seal";
import { db, schema, transaction, type Db } from "../db";
import { claimInLine, RETRY_WINDOW_MS, retryDelayMs } from "../webhooks/queue";
import { postToSlack, recordSlackOutcome, type SlackMessage, type SlackSendResult } from "./slack";

/**
 * Slack posts on the durable delivery queue (decision 030): a `slack_deliveries` row per
 * message, written in the transaction of the change it reports (the weekly digest writes its
 * own), claimed by the webhooks' runner (`../webhooks/worker.ts`) with the same lease and
 * `SKIP LOCKED`, in order per project (a channel reads its posts in the order of the changes).
 * At least once: a row is marked delivered only after Slack's 2xx. A failure is retried with
 * the webhooks' backoff until 24 hours after the row was written; an answer that no retry
 * can change (Slack's 4xx: the webhook removed, the channel archived, the payload refused)
 * is final at once. Finished posts go after 30 days, with the webhook log (`pruneDeliveries`).
 */
const { slackDeliveries, slackIntegrations } = schema;
const BATCH = 10;

export type SlackPost = {
  workspaceId: string;
  projectId: string;
  kind: "card_done" | "mention" | "digest";
  text: string;
  eventId?: string;
};

/** Queues one message for a project's channel (in the caller's transaction). */
export async function enqueueSlackPost(tx: Db, post: SlackPost): Promise<void> {
  const { text, eventId = null, ...where } = post;
  await tx.insert(slackDeliveries).values({ ...where, eventId, message: { text } });
}

/** Claims up to `limit` due posts for `runner`: each the first pending one of its project (the webhooks' claim). */
export function claimSlackDue(runner: string, now = new Date(), limit = BATCH): Promise<string[]> {
  return claimInLine({ table: "slack_deliveries", line: ["project_id"] }, runner, now, limit);
}

/** Slack's 4xx other than 408 and 429: a removed webhook, an archived channel, a refused payload. Retrying changes nothing. */
function isFinal(sent: SlackSendResult): boolean {
  return !sent.ok && sent.status !== null && sent.status >= 400 && sent.status < 500 && sent.status !== 408 && sent.status !== 429;
}

/** Posts one claimed message and records the attempt on it and on the project's row; true when Slack took it. */
export async function attemptSlackDelivery(
  runner: string,
  deliveryId: string,
  now: () => Date = () => new Date(),
  send: (url: string, message: SlackMessage) => Promise<SlackSendResult> = postToSlack,
): Promise<boolean> {
  const mine = and(eq(slackDeliveries.id, deliveryId), eq(slackDeliveries.lockedBy, runner));
  const [row] = await db()
    .select({ delivery: slackDeliveries, url: slackIntegrations.webhookUrlEnc })
    .from(slackDeliveries)
    .innerJoin(slackIntegrations, eq(slackIntegrations.projectId, slackDeliveries.projectId))
    .where(mine);
  if (!row) return false;
  const { delivery } = row;
  let url: string | null = null;
  try {
    url = open(row.url);
  } catch {
    // The key that sealed the URL is gone: the project's row says so, and connecting again fixes it.
  }
  const sent: SlackSendResult = url
    ? await send(url, delivery.message)
    : { ok: false, error: "the webhook URL could not be opened (was SESSION_SECRET changed?): connect Slack again", status: null };
  const at = now();
  const attempts = delivery.attempts + 1;
  const final = sent.ok || isFinal(sent) || at.getTime() - delivery.createdAt.getTime() >= RETRY_WINDOW_MS;
  return transaction(async (tx) => {
    const updated = await tx
      .update(slackDeliveries)
      .set({
        attempts,
        lockedBy: null,
        lockedUntil: null,
        lastStatus: sent.ok ? 200 : sent.status,
        lastError: sent.ok ? null : sent.error,
        ...(final
          ? { status: sent.ok ? ("delivered" as const) : ("failed" as const), finishedAt: at }
          : { nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)) }),
      })
      .where(mine)
      .returning({ id: slackDeliveries.id });
    if (updated.length) await recordSlackOutcome(tx, delivery.workspaceId, delivery.projectId, sent, at);
    return sent.ok;
  });
}
