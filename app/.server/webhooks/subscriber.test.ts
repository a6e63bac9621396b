// The webhooks subscriber: every mutation the app has, by its own service (the change-event
// cases of ../events), with one endpoint subscribed to every public type. Each kind a webhook
// reports makes one delivery of its public type, in the change's transaction; every other
// kind makes none.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_TYPES } from "~/lib/webhooks";
import { db, schema } from "../db";
import type { EventKind } from "../events/types";
import { ALL_CASES } from "../events/test-cases";
import { inTx, setUpEventWorld, w } from "../events/test-support";
import { createWebhookEndpoint } from ".";

/** The kinds a receiver hears of, and as what. */
const EXPECTED: Partial<Record<EventKind, string>> = {
  "card.created": "card.created",
  "card.updated": "card.updated",
  "card.assigned": "card.updated",
  "card.unassigned": "card.updated",
  "card.labelled": "card.updated",
  "card.unlabelled": "card.updated",
  "card.estimated": "card.updated",
  "card.cycle_changed": "card.updated",
  "card.moved": "card.moved",
  "card.deleted": "card.deleted",
  "comment.created": "comment.created",
  "cycle.closed": "cycle.closed",
  "design.version_published": "token_version.published",
  "wireframe.shared": "wireframe.shared",
  "member.joined": "member.joined",
  "member.removed": "member.removed",
  "member.left": "member.removed",
};

setUpEventWorld();
let endpointId = "";
beforeAll(async () => {
  ({ id: endpointId } = await createWebhookEndpoint(w.member, {
    url: "https://hooks.example.com/in",
    description: "",
    kinds: WEBHOOK_TYPES.map((t) => t.type),
  }));
});

describe("the webhooks subscriber", () => {
  it("covers every public type", () => {
    expect(new Set(Object.values(EXPECTED))).toEqual(new Set(WEBHOOK_TYPES.map((t) => t.type)));
  });

  it.each(ALL_CASES.map((c, i) => [`${c.kind} (${i + 1})`, c] as const))("%s", async (_name, c) => {
    const prepared = await c.prepare?.();
    inTx.length = 0;
    await c.run(prepared as never);
    const ids = inTx.map((e) => e.id);
    const rows = await db()
      .select({
        type: schema.webhookDeliveries.type,
        eventId: schema.webhookDeliveries.eventId,
        endpointId: schema.webhookDeliveries.endpointId,
      })
      .from(schema.webhookDeliveries)
      .where(inArray(schema.webhookDeliveries.eventId, ids));
    const expected = EXPECTED[c.kind];
    expect(rows).toEqual(expected ? [{ type: expected, eventId: ids[0], endpointId }] : []);
  });

  it("queues nothing for an endpoint that is off or not subscribed to the type", async () => {
    await db()
      .update(schema.webhookEndpoints)
      .set({ kinds: ["comment.created"] })
      .where(eq(schema.webhookEndpoints.id, endpointId));
    inTx.length = 0;
    await w.newCard("Not subscribed");
    await db()
      .update(schema.webhookEndpoints)
      .set({ kinds: ["card.created"], disabledAt: new Date() })
      .where(eq(schema.webhookEndpoints.id, endpointId));
    await w.newCard("Off");
    const rows = await db()
      .select()
      .from(schema.webhookDeliveries)
      .where(
        inArray(
          schema.webhookDeliveries.eventId,
          inTx.map((e) => e.id),
        ),
      );
    expect(rows).toEqual([]);
  });
});
