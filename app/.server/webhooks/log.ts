import { and, desc, eq, inArray } from "drizzle-orm";
import { db, schema } from "../db";
import { notFound } from "../errors";
import type { MemberContext } from "../workspaces";
import { requireWebhookEndpoint } from "./endpoints";
import { enqueueTest, sendDeliveryOnce, type Send } from "./queue";
import type { SendResult } from "./send";
import { wakeWebhooks } from "./worker";

const { webhookDeliveries, webhookAttempts } = schema;

export type DeliveryLogRow = {
  id: string;
  type: string;
  messageId: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  /** The latest attempt: its time, answer and duration; null before the first. */
  last: { at: Date; ok: boolean; responseStatus: number | null; responseExcerpt: string; durationMs: number; manual: boolean } | null;
};

/** An endpoint's latest deliveries, newest first, each with its latest attempt (owners and admins). */
export async function listDeliveries(member: MemberContext, endpointId: string, limit = 50): Promise<DeliveryLogRow[]> {
  await requireWebhookEndpoint(member, endpointId);
  const deliveries = await db()
    .select({
      id: webhookDeliveries.id,
      type: webhookDeliveries.type,
      messageId: webhookDeliveries.messageId,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.workspaceId, member.workspace.id)))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
  const attempts = deliveries.length
    ? await db()
        .selectDistinctOn([webhookAttempts.deliveryId], {
          deliveryId: webhookAttempts.deliveryId,
          at: webhookAttempts.at,
          ok: webhookAttempts.ok,
          responseStatus: webhookAttempts.responseStatus,
          responseExcerpt: webhookAttempts.responseExcerpt,
          durationMs: webhookAttempts.durationMs,
          manual: webhookAttempts.manual,
        })
        .from(webhookAttempts)
        .where(
          and(
            eq(webhookAttempts.endpointId, endpointId),
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          ),
        )
        .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.at), desc(webhookAttempts.attempt), desc(webhookAttempts.manual))
    : [];
  const latest = new Map(attempts.map(({ deliveryId, ...a }) => [deliveryId, a]));
  return deliveries.map((d) => ({ ...d, last: latest.get(d.id) ?? null }));
}

/**
 * "Send again": one attempt now, with the delivery's webhook-id, recorded in the log; the
 * delivery's own retries and 24-hour window go on as they were (decision 029). The answer is
 * returned for the page to show.
 */
export async function sendAgain(member: MemberContext, endpointId: string, deliveryId: string, send?: Send): Promise<SendResult> {
  await requireWebhookEndpoint(member, endpointId);
  const result = await sendDeliveryOnce(member.workspace.id, endpointId, deliveryId, undefined, send);
  if (!result) throw notFound("That delivery");
  return result;
}

/** "Send test event": a `webhook.test` delivery, tried once (the log shows the answer). */
export async function sendTestEvent(member: MemberContext, endpointId: string): Promise<void> {
  await requireWebhookEndpoint(member, endpointId);
  await enqueueTest(member.workspace.id, endpointId);
  wakeWebhooks();
}
