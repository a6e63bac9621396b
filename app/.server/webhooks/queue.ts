import { randomBytes, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { db, rowsOf, schema, transaction, type Db } from "../db";
import type { DomainEvent } from "../events/types";
import { signingSecrets } from "./secrets";
import { payloadOf, objectKeyOf, webhookTypeOf, type WebhookPayload } from "./payload";
import { postWebhook, type SendResult } from "./send";
import { signedHeaders } from "./signing";

/**
 * The durable queue of deliveries (decision 029), the app's own on Postgres: a delivery row
 * is written in the transaction of the change it reports; runners in any process claim due
 * rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`: a runner that dies mid-send
 * leaves a lease that runs out, and the next runner takes the row), send, and record the
 * attempt. At least once: a delivery is marked delivered only after a 2xx. In order per
 * object: a delivery is due only when no earlier one for the same object and endpoint is
 * still pending. A failure is retried with exponential backoff and jitter until 24 hours
 * after the delivery was queued; an endpoint failing for 24 hours is switched off.
 */
const { webhookDeliveries, webhookEndpoints, webhookAttempts } = schema;

/** How long deliveries are retried, and how long an endpoint may fail before it is switched off. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** The first retry's delay; each next one doubles, up to RETRY_MAX_DELAY_MS. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_DELAY_MS = 60 * 60_000;
/** A claim's lease: longer than a send's timeout, so only a dead runner's lease runs out. */
export const LEASE_MS = 60_000;
const BATCH = 10;
const SECRET_UNREADABLE =
  "Not sent: the signing secret could not be opened (was SESSION_SECRET or INTEGRATIONS_SECRET changed?). Rotate the secret.";

/** The delay before retry number `attempt` (1 = after the first failure): exponential, capped, with jitter (half fixed, half random). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(RETRY_BASE_MS * 2 ** Math.max(attempt - 1, 0), RETRY_MAX_DELAY_MS);
  return Math.round(full / 2 + random() * (full / 2));
}

/** A Standard Webhooks message id: the same on every attempt of a delivery. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

/**
 * The in-transaction subscriber: one delivery per enabled endpoint of the workspace that
 * subscribes to the event's public type. Part of the change, so no event is lost between its
 * commit and its queueing.
 */
export async function enqueueDeliveries(tx: Db, event: DomainEvent): Promise<number> {
  const type = webhookTypeOf(event);
  // A person's own account belongs to no workspace (decision 026): no workspace's endpoint hears of it.
  const workspaceId: string | null = event.workspaceId;
  if (!type || !workspaceId) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        sql`${webhookEndpoints.disabledAt} IS NULL`,
        sql`${webhookEndpoints.kinds} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const payload = await payloadOf(tx, event, type, workspaceId);
  const objectKey = objectKeyOf(event);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((e) => ({
      endpointId: e.id,
      workspaceId,
      messageId: newMessageId(),
      eventId: event.id,
      type,
      objectKey,
      payload,
    })),
  );
  return endpoints.length;
}

/** Queues one delivery outside an event (the page's "Send test event"). */
export async function enqueueTest(workspaceId: string, endpointId: string, now = new Date()): Promise<string> {
  const id = randomUUID();
  const payload: WebhookPayload = {
    type: "webhook.test",
    timestamp: now.toISOString(),
    data: { workspace: { id: workspaceId }, event: { id, kind: "webhook.test" }, actor: null, object: { object: "test", id }, changes: {} },
  };
  await db()
    .insert(webhookDeliveries)
    .values({
      id,
      endpointId,
      workspaceId,
      messageId: newMessageId(),
      type: "webhook.test",
      objectKey: `test:${id}`,
      payload,
      nextAttemptAt: now,
    });
  return id;
}

export type Send = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

/** Signs a delivery with the endpoint's secrets now and sends it once (not at all when its secret cannot be opened). */
async function signAndSend(
  delivery: typeof webhookDeliveries.$inferSelect,
  endpoint: typeof webhookEndpoints.$inferSelect,
  sentAt: Date,
  send: Send,
): Promise<SendResult> {
  const body = JSON.stringify(delivery.payload);
  let secrets: string[] | null = null;
  try {
    secrets = signingSecrets(endpoint, sentAt);
  } catch {
    // The key that sealed the secret is gone (SESSION_SECRET changed): nothing is sent, the log says why.
  }
  return secrets
    ? send(endpoint.url, signedHeaders(secrets, delivery.messageId, body, sentAt), body)
    : { ok: false, status: null, excerpt: SECRET_UNREADABLE, durationMs: 0 };
}

/**
 * "Send again" (Stripe's "Resend", GitHub's "Redeliver"): one attempt now, with the delivery's
 * webhook-id, recorded in the log as sent by hand. The delivery's own schedule (its status,
 * retries and 24-hour window) is left as it was. Null when there is no such delivery.
 */
export async function sendDeliveryOnce(
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
  now: () => Date = () => new Date(),
  send: Send = postWebhook,
): Promise<SendResult | null> {
  const [row] = await db()
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.workspaceId, workspaceId),
      ),
    );
  if (!row) return null;
  const result = await signAndSend(row.delivery, row.endpoint, now(), send);
  await db().insert(webhookAttempts).values({
    deliveryId,
    endpointId,
    attempt: row.delivery.attempts,
    manual: true,
    ok: result.ok,
    responseStatus: result.status,
    responseExcerpt: result.excerpt,
    durationMs: result.durationMs,
    at: now(),
  });
  return result;
}

/** A runner's name, in the lease it takes (host, process, and a random part for two runners in one process). */
export function newRunnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/**
 * The queue's claim, for any delivery table of its shape (`status`, `next_attempt_at`,
 * `locked_by`/`locked_until`, `seq`): up to `limit` due rows leased to `runner`, each the first
 * pending row of its line (rows alike in every `line` column leave in `seq` order), skipping
 * rows another runner holds (`SKIP LOCKED`). `from` may join what `where` reads beside `d`.
 */
export async function claimInLine(
  q: { table: "webhook_deliveries" | "slack_deliveries"; line: string[]; from?: SQL; where?: SQL },
  runner: string,
  now: Date,
  limit: number,
): Promise<string[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const table = sql.identifier(q.table);
  const sameLine = sql.join(
    q.line.map((c) => sql`p.${sql.identifier(c)} = d.${sql.identifier(c)}`),
    sql` AND `,
  );
  const result = await db().execute(sql`
    WITH claimed AS (UPDATE ${table} SET locked_by = ${runner}, locked_until = ${until.toISOString()}::timestamptz
    WHERE id IN (
      SELECT d.id FROM ${table} d ${q.from ?? sql``}
      WHERE d.status = 'pending'
        AND d.next_attempt_at <= ${now.toISOString()}::timestamptz
        AND (d.locked_until IS NULL OR d.locked_until < ${now.toISOString()}::timestamptz)
        ${q.where ? sql`AND ${q.where}` : sql``}
        AND NOT EXISTS (SELECT 1 FROM ${table} p WHERE ${sameLine} AND p.status = 'pending' AND p.seq < d.seq)
      ORDER BY d.seq
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    RETURNING id, seq)
    SELECT id FROM claimed ORDER BY seq`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * Claims up to `limit` due deliveries for `runner`: the first of its object's pending deliveries
 * to its endpoint, the endpoint on (a test event goes to an endpoint that is off too).
 */
export function claimDue(runner: string, now = new Date(), limit = BATCH): Promise<string[]> {
  return claimInLine(
    {
      table: "webhook_deliveries",
      line: ["endpoint_id", "object_key"],
      from: sql`JOIN webhook_endpoints e ON e.id = d.endpoint_id`,
      where: sql`(e.disabled_at IS NULL OR d.type = 'webhook.test')`,
    },
    runner,
    now,
    limit,
  );
}

/** What happened to an endpoint after an attempt: switched off now (its owners are told). */
export type AttemptOutcome = { delivered: boolean; disabledEndpoint: { id: string; workspaceId: string; url: string; at: Date } | null };

/** Sends one claimed delivery and records the attempt; `send` is swapped in tests. */
export async function attemptDelivery(
  runner: string,
  deliveryId: string,
  now: () => Date = () => new Date(),
  send: Send = postWebhook,
): Promise<AttemptOutcome> {
  const [row] = await db()
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.lockedBy, runner)));
  if (!row) return { delivered: false, disabledEndpoint: null };
  const { delivery, endpoint } = row;
  const result = await signAndSend(delivery, endpoint, now(), send);
  const at = now();
  const attempt = delivery.attempts + 1;
  return transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempt,
      ok: result.ok,
      responseStatus: result.status,
      responseExcerpt: result.excerpt,
      durationMs: result.durationMs,
      at,
    });
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.lockedBy, runner));
    if (result.ok) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "delivered", attempts: attempt, finishedAt: at, lockedBy: null, lockedUntil: null })
        .where(mine);
      if (delivery.type !== "webhook.test") {
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      }
      return { delivered: true, disabledEndpoint: null };
    }
    const expired = at.getTime() - delivery.createdAt.getTime() >= RETRY_WINDOW_MS || delivery.type === "webhook.test";
    await tx
      .update(webhookDeliveries)
      .set(
        expired
          ? { status: "failed", attempts: attempt, finishedAt: at, lockedBy: null, lockedUntil: null }
          : { attempts: attempt, nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempt)), lockedBy: null, lockedUntil: null },
      )
      .where(mine);
    if (delivery.type === "webhook.test") return { delivered: false, disabledEndpoint: null };
    // Conditional updates, so that of two attempts failing side by side only one switches it off.
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const switched = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: at, disabledReason: "failing" })
      .where(
        and(
          eq(webhookEndpoints.id, endpoint.id),
          isNull(webhookEndpoints.disabledAt),
          lte(webhookEndpoints.failingSince, new Date(at.getTime() - RETRY_WINDOW_MS)),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    return {
      delivered: false,
      disabledEndpoint: switched.length ? { id: endpoint.id, workspaceId: endpoint.workspaceId, url: endpoint.url, at } : null,
    };
  });
}

/** How long the log keeps a finished delivery (delivered or failed for good). */
export const LOG_KEPT_DAYS = 30;

/** The daily job: finished deliveries older than LOG_KEPT_DAYS go, with their attempts, and finished Slack posts likewise. */
export async function pruneDeliveries(tx: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LOG_KEPT_DAYS * 86_400_000).toISOString();
  let gone = 0;
  for (const table of ["webhook_deliveries", "slack_deliveries"]) {
    const result = await tx.execute(
      sql`DELETE FROM ${sql.identifier(table)} WHERE status IN ('delivered', 'failed') AND finished_at < ${before}::timestamptz RETURNING id`,
    );
    gone += rowsOf(result).length;
  }
  return gone;
}
