import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { itOn } from "../../../tests/support/database-kind";
import { resetDb } from "../../../tests/support/db";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver";
import { WEBHOOK_TYPES } from "~/lib/webhooks";
import { db, schema } from "../db";
import { outbox } from "../mail";
import { createCard, moveCard } from "../projects/cards";
import { createWebhookEndpoint, listDeliveries, rotateWebhookSecret, sendAgain } from ".";
import { attemptDelivery, claimDue, LEASE_MS, LOG_KEPT_DAYS, pruneDeliveries, RETRY_WINDOW_MS, retryDelayMs } from "./queue";
import type { SendResult } from "./send";
import { drainWebhooks, startWebhooks, stopWebhooks } from "./worker";

const { webhookDeliveries, webhookEndpoints, notifications } = schema;
const ALL_TYPES = WEBHOOK_TYPES.map((t) => t.type);

const answer =
  (ok: boolean, status = ok ? 200 : 500) =>
  async (): Promise<SendResult> => ({ ok, status, excerpt: ok ? "ok" : "down", durationMs: 3 });

async function world(url = "https://hooks.example.com/in") {
  const base = await ownerWithProject();
  const { id: endpointId, secret } = await createWebhookEndpoint(base.member, { url, description: "CI", kinds: ALL_TYPES });
  const newCard = (title: string) => createCard(base.member, base.project.id, { columnId: base.columns[0]!.id, title });
  return { ...base, endpointId, secret, newCard };
}

const deliveriesOf = (endpointId: string) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.seq);

const at = (ms: number) => new Date(Date.now() + ms);

describe("the webhook queue", () => {
  beforeEach(resetDb);

  it("retries with exponential backoff and jitter, and gives up 24 hours after the delivery was queued", async () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, () => 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect(retryDelayMs(30, () => 1)).toBe(60 * 60_000);

    const w = await world();
    await w.newCard("Retry me");
    const [delivery] = await deliveriesOf(w.endpointId);
    let now = at(0);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [id] = await claimDue("runner-a", now);
      expect(id).toBe(delivery!.id);
      await attemptDelivery("runner-a", id!, () => now, answer(false));
      const [row] = await deliveriesOf(w.endpointId);
      expect(row).toMatchObject({ status: "pending", attempts: attempt, lockedBy: null });
      const wait = row!.nextAttemptAt.getTime() - now.getTime();
      const full = 5_000 * 2 ** (attempt - 1);
      expect(wait).toBeGreaterThanOrEqual(full / 2);
      expect(wait).toBeLessThanOrEqual(full);
      // Not due before its time.
      expect(await claimDue("runner-a", new Date(row!.nextAttemptAt.getTime() - 1))).toEqual([]);
      now = row!.nextAttemptAt;
    }
    now = new Date(delivery!.createdAt.getTime() + RETRY_WINDOW_MS);
    const [last] = await claimDue("runner-a", now);
    await attemptDelivery("runner-a", last!, () => now, answer(false));
    const [row] = await deliveriesOf(w.endpointId);
    expect(row).toMatchObject({ status: "failed", attempts: 4 });
    expect(await claimDue("runner-a", at(RETRY_WINDOW_MS * 2))).toEqual([]);
  });

  it("sends the deliveries of one object in order: a later one waits while an earlier one is pending", async () => {
    const w = await world();
    const card = await w.newCard("First");
    await moveCard(w.member, w.project.id, { cardId: card.id, toColumnId: w.columns[1]!.id });
    const other = await w.newCard("Other");
    const [created, moved, otherCreated] = await deliveriesOf(w.endpointId);
    expect([created!.type, moved!.type, otherCreated!.type]).toEqual(["card.created", "card.moved", "card.created"]);
    expect(created!.objectKey).toBe(`card:${card.id}`);
    expect(otherCreated!.objectKey).toBe(`card:${other.id}`);

    // The move waits behind the creation; the other card does not.
    expect(await claimDue("runner-a")).toEqual([created!.id, otherCreated!.id]);
    await attemptDelivery("runner-a", created!.id, () => new Date(), answer(false));
    // Still pending (a retry later): the move is still not due, even long after.
    expect(await claimDue("runner-a", at(1_000))).toEqual([]);
    const [retry] = await claimDue("runner-a", at(10_000));
    expect(retry).toBe(created!.id);
    await attemptDelivery("runner-a", retry!, () => at(10_000), answer(true));
    expect(await claimDue("runner-a", at(10_000))).toEqual([moved!.id]);
  });

  it("survives a restart: a new runner takes over a row a dead runner had claimed once its lease runs out", async () => {
    const w = await world();
    await w.newCard("Orphan");
    const [delivery] = await deliveriesOf(w.endpointId);
    const now = new Date();
    expect(await claimDue("dead-runner", now)).toEqual([delivery!.id]);
    // The runner dies here, mid-send. Another runner skips the leased row until the lease runs out.
    expect(await claimDue("new-runner", new Date(now.getTime() + LEASE_MS - 1))).toEqual([]);
    const later = new Date(now.getTime() + LEASE_MS + 1);
    expect(await claimDue("new-runner", later)).toEqual([delivery!.id]);
    // The dead runner, were it to come back, may no longer record anything for it.
    expect(await attemptDelivery("dead-runner", delivery!.id, () => later, answer(true))).toEqual({
      delivered: false,
      disabledEndpoint: null,
    });
    await attemptDelivery("new-runner", delivery!.id, () => later, answer(true));
    const [row] = await deliveriesOf(w.endpointId);
    expect(row).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("keeps finished deliveries in the log for 30 days, and pending ones until they finish", async () => {
    const w = await world();
    await w.newCard("Delivered");
    await w.newCard("Pending");
    const [delivered] = await deliveriesOf(w.endpointId);
    const [id] = await claimDue("runner-a");
    await attemptDelivery("runner-a", id!, () => new Date(), answer(true));
    const day = 86_400_000;
    expect(await pruneDeliveries(db(), new Date(Date.now() + (LOG_KEPT_DAYS - 1) * day))).toBe(0);
    expect(await pruneDeliveries(db(), new Date(Date.now() + (LOG_KEPT_DAYS + 1) * day))).toBe(1);
    const left = await deliveriesOf(w.endpointId);
    expect(left.map((d) => d.status)).toEqual(["pending"]);
    expect(left[0]!.id).not.toBe(delivered!.id);
  });

  it("sends again once, in the log as sent by hand, and leaves the delivery's retries and 24-hour window as they were", async () => {
    const w = await world();
    await w.newCard("Still retrying");
    const [id] = await claimDue("runner-a");
    await attemptDelivery("runner-a", id!, () => new Date(), answer(false));
    const [before] = await deliveriesOf(w.endpointId);

    for (const [ok, status] of [
      [true, 200],
      [false, 503],
    ] as const) {
      const at = new Date();
      expect(await sendAgain(w.member, w.endpointId, id!, answer(ok, status))).toMatchObject({ ok, status });
      const [row] = await deliveriesOf(w.endpointId);
      // The same status, attempts, next attempt and start of the window: the schedule is the delivery's own.
      expect(row).toEqual(before);
      const [entry] = await listDeliveries(w.member, w.endpointId);
      expect(entry!.last).toMatchObject({ ok, responseStatus: status, manual: true });
      expect(entry!.last!.at.getTime()).toBeGreaterThanOrEqual(at.getTime());
    }
    // Its retry is due when it was due, and only then.
    expect(await claimDue("runner-a", new Date(before!.nextAttemptAt.getTime() - 1))).toEqual([]);
    expect(await claimDue("runner-a", before!.nextAttemptAt)).toEqual([id]);
    // Another workspace's delivery is no one's to send again.
    const other = await ownerWithProject("Elsewhere");
    await expect(sendAgain(other.member, w.endpointId, id!)).rejects.toMatchObject({ status: 404 });
  });

  itOn("postgres", "skips a row another process holds locked (SKIP LOCKED), and takes it once that process lets go", async () => {
    const w = await world();
    await w.newCard("Held");
    await w.newCard("Free");
    const [held, free] = await deliveriesOf(w.endpointId);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT id FROM webhook_deliveries WHERE id = $1 FOR UPDATE", [held!.id]);
      // Not blocked by the lock, and not given the held row.
      expect(await claimDue("runner-a")).toEqual([free!.id]);
      await other.query("ROLLBACK");
      expect(await claimDue("runner-b")).toEqual([held!.id]);
    } finally {
      await other.end();
    }
  });

  it("switches an endpoint off after a day of failures, once, however many attempts fail side by side", async () => {
    const w = await world();
    await w.newCard("Never arrives");
    const start = new Date();
    const [id] = await claimDue("runner-a", start);
    await attemptDelivery("runner-a", id!, () => start, answer(false));
    let [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, w.endpointId));
    expect(endpoint).toMatchObject({ disabledAt: null, failingSince: start });

    await w.newCard("Also fails");
    const dayLater = new Date(start.getTime() + RETRY_WINDOW_MS);
    const ids = await claimDue("runner-a", dayLater);
    const outcomes = await Promise.all(ids.map((d) => attemptDelivery("runner-a", d, () => dayLater, answer(false, 503))));
    expect(outcomes.filter((o) => o.disabledEndpoint)).toHaveLength(1);
    [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, w.endpointId));
    expect(endpoint).toMatchObject({ disabledReason: "failing", disabledAt: dayLater });
    // Nothing more goes to it, and new events are not queued for it.
    expect(await claimDue("runner-a", new Date(dayLater.getTime() + RETRY_WINDOW_MS))).toEqual([]);
    const before = (await deliveriesOf(w.endpointId)).length;
    await w.newCard("After");
    expect(await deliveriesOf(w.endpointId)).toHaveLength(before);
  });
});

describe("the webhook runner with a receiver that verifies with standardwebhooks", () => {
  let receiver: WebhookReceiver;
  const saved = process.env.WEBHOOKS_ALLOW_PRIVATE;
  beforeAll(() => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  });
  afterAll(async () => {
    await stopWebhooks();
    if (saved === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    else process.env.WEBHOOKS_ALLOW_PRIVATE = saved;
  });
  beforeEach(resetDb);

  it("delivers a change signed, once per webhook-id, with the workspace, the event, the object and what changed", async () => {
    receiver = await startWebhookReceiver("whsec_" + Buffer.alloc(32).toString("base64"));
    try {
      const w = await world(receiver.url);
      receiver.setSecret(w.secret);
      const card = await w.newCard("Ship the API");
      await moveCard(w.member, w.project.id, { cardId: card.id, toColumnId: w.columns[1]!.id });
      await drainWebhooks();
      expect(receiver.rejected).toEqual([]);
      expect(receiver.received.map((r) => r.payload.type)).toEqual(["card.created", "card.moved"]);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(2);
      const [created, moved] = receiver.received.map((r) => r.payload) as {
        type: string;
        timestamp: string;
        data: Record<string, unknown>;
      }[];
      expect(created!.data).toMatchObject({
        workspace: { id: w.workspace.id },
        object: { object: "card", id: card.id, title: "Ship the API", projectId: w.project.id },
        changes: { column: { id: w.columns[0]!.id } },
      });
      // The card as GET /api/v1/…/cards/:id returns it, as each change left it.
      expect(moved!.data).toMatchObject({
        object: { object: "card", id: card.id, columnId: w.columns[1]!.id, number: card.number, assigneeIds: [], labelIds: [] },
        changes: { from: { id: w.columns[0]!.id }, to: { id: w.columns[1]!.id } },
      });
      expect((created!.data.object as { columnId: string }).columnId).toBe(w.columns[0]!.id);

      // The log shows each delivery with its answer; "Send again" sends it once more, at once, with its webhook-id.
      const log = await listDeliveries(w.member, w.endpointId);
      expect(log.map((l) => [l.type, l.status, l.last?.responseStatus])).toEqual([
        ["card.moved", "delivered", 200],
        ["card.created", "delivered", 200],
      ]);
      expect(await sendAgain(w.member, w.endpointId, log[1]!.id)).toMatchObject({ ok: true, status: 200 });
      expect(receiver.received.at(-1)!.id).toBe(log[1]!.messageId);
      expect(receiver.rejected).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("keeps a failed delivery for the next run, and signs with both secrets during a rotation", async () => {
    receiver = await startWebhookReceiver("whsec_" + Buffer.alloc(32).toString("base64"));
    try {
      const w = await world(receiver.url);
      receiver.setSecret(w.secret);
      receiver.failNext(1);
      await w.newCard("Second time lucky");
      startWebhooks(60_000);
      await drainWebhooks();
      expect(receiver.failed).toHaveLength(1);
      expect(receiver.received).toEqual([]);
      await stopWebhooks();
      // A new runner (a restart) sends it once it is due.
      await db().update(webhookDeliveries).set({ nextAttemptAt: new Date() });
      startWebhooks(60_000);
      await receiver.waitFor(1);
      expect(receiver.received[0]!.id).toBe(receiver.failed[0]);

      // Rotation: deliveries carry two signatures; a receiver still on the old secret verifies, and so does one on the new.
      const { secret: next } = await rotateWebhookSecret(w.member, w.endpointId);
      await w.newCard("Old secret");
      await receiver.waitFor(2);
      receiver.setSecret(next);
      await w.newCard("New secret");
      await receiver.waitFor(3);
      expect(receiver.rejected).toEqual([]);
      expect(receiver.received.at(-1)!.signature.split(" ")).toHaveLength(2);
      await stopWebhooks();
    } finally {
      await receiver.close();
    }
  });

  it("tells the owners by notification and e-mail when it switches an endpoint off", async () => {
    receiver = await startWebhookReceiver("whsec_" + Buffer.alloc(32).toString("base64"));
    try {
      const w = await world(receiver.url);
      receiver.setSecret(w.secret);
      receiver.failNext(1);
      outbox.length = 0;
      // It has failed since yesterday; this failure is the one that switches it off.
      await db()
        .update(webhookEndpoints)
        .set({ failingSince: new Date(Date.now() - RETRY_WINDOW_MS - 1_000) })
        .where(eq(webhookEndpoints.id, w.endpointId));
      await w.newCard("The last straw");
      await drainWebhooks();
      const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, w.endpointId));
      expect(endpoint).toMatchObject({ disabledReason: "failing" });
      const told = await db().select().from(notifications).where(eq(notifications.userId, w.user.id));
      expect(told).toMatchObject([{ kind: "webhook_disabled", url: "/settings/webhooks" }]);
      expect(told[0]!.excerpt).toContain(receiver.url);
      expect(outbox.filter((m) => m.to === w.user.email)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it("refuses a private address without WEBHOOKS_ALLOW_PRIVATE, and records why", async () => {
    receiver = await startWebhookReceiver("whsec_" + Buffer.alloc(32).toString("base64"));
    try {
      const w = await world(receiver.url);
      await w.newCard("Blocked");
      delete process.env.WEBHOOKS_ALLOW_PRIVATE;
      await drainWebhooks();
      process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
      expect(receiver.received).toEqual([]);
      const [entry] = await listDeliveries(w.member, w.endpointId);
      expect(entry).toMatchObject({ status: "pending", last: { ok: false, responseStatus: null } });
      expect(entry!.last!.responseExcerpt).toMatch(/https|private or local/);
      const [n] = await db().select().from(notifications);
      expect(n).toBeUndefined();
    } finally {
      await receiver.close();
    }
  });
});
