import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { WEBHOOK_TYPES } from "~/lib/webhooks";
import { db, rowsOf, schema } from "../db";
import { resetEnvForTests } from "../env";
import { createCard } from "../projects/cards";
import { createWebhookEndpoint, listDeliveries, listWebhookEndpoints, rotateWebhookSecret } from ".";
import { attemptDelivery, claimDue } from "./queue";
import { sealStoredSecrets, signingSecrets } from "./secrets";
import type { SendResult } from "./send";
import { signedHeaders } from "./signing";

// Signing secrets at rest (decision 029): sealed in the row, opened only to sign; the rows an
// earlier version left in clear are sealed when the runner starts.
const { webhookEndpoints } = schema;
const body = JSON.stringify({ type: "card.created", timestamp: "2026-11-29T08:00:00.000Z", data: {} });

/** The endpoint's row as the database holds it, every column as text. */
async function storedText(id: string): Promise<string> {
  const result = await db().execute(sql`SELECT row_to_json(e)::text AS json FROM webhook_endpoints e WHERE id = ${id}`);
  return rowsOf<{ json: string }>(result)[0]!.json;
}

const rowOf = async (id: string) => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

/** Whether a receiver holding `secret` verifies a delivery signed from the stored row. */
async function verifiesWith(id: string, secret: string): Promise<boolean> {
  const headers = signedHeaders(signingSecrets(await rowOf(id)), "msg_sealed", body);
  try {
    return JSON.stringify(new Webhook(secret).verify(body, headers)) === body;
  } catch {
    return false;
  }
}

describe("webhook secrets at rest", () => {
  beforeEach(resetDb);

  it("keeps no secret in clear, current or previous, and a delivery still verifies with standardwebhooks", async () => {
    const { member } = await ownerWithProject();
    const kinds = WEBHOOK_TYPES.map((t) => t.type);
    const { id, secret: first } = await createWebhookEndpoint(member, { url: "https://hooks.example.com/in", description: "", kinds });
    const { secret: second } = await rotateWebhookSecret(member, id);
    const stored = await storedText(id);
    for (const secret of [first, second]) {
      expect(stored).not.toContain(secret.slice("whsec_".length, -1));
    }
    expect(stored).toMatch(/"secret":"v1:[\w-]+"/);
    expect(stored).toMatch(/"previous_secret":"v1:[\w-]+"/);
    // The page shows only the last characters of the current one.
    expect((await listWebhookEndpoints(member))[0]!.secretHint).toBe(`whsec_…${second.slice(-4)}`);
    // During the overlap a receiver on either secret verifies; one on another does not.
    expect(await verifiesWith(id, second)).toBe(true);
    expect(await verifiesWith(id, first)).toBe(true);
    expect(await verifiesWith(id, "whsec_" + Buffer.alloc(32, 7).toString("base64"))).toBe(false);
  });

  it("seals the secrets an earlier version kept in clear, once, and they sign as before", async () => {
    const { member, workspace } = await ownerWithProject();
    const [current, previous] = ["whsec_" + Buffer.alloc(32, 1).toString("base64"), "whsec_" + Buffer.alloc(32, 2).toString("base64")];
    // A row as migration 0300 leaves it: secrets in clear, the hint taken from them.
    const [row] = await db()
      .insert(webhookEndpoints)
      .values({
        workspaceId: workspace.id,
        url: "https://hooks.example.com/old",
        kinds: ["card.created"],
        secret: current,
        secretHint: current.slice(-4),
        previousSecret: previous,
        previousExpiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: webhookEndpoints.id });
    const id = row!.id;
    // Before the sweep, a clear secret signs as it is.
    expect(await verifiesWith(id, current)).toBe(true);

    // Two processes starting together seal it once.
    expect((await Promise.all([sealStoredSecrets(), sealStoredSecrets()])).reduce((a, b) => a + b)).toBe(1);
    expect(await sealStoredSecrets()).toBe(0);
    const stored = await storedText(id);
    expect(stored).not.toContain(current.slice(6, -1));
    expect(stored).not.toContain(previous.slice(6, -1));
    expect(await verifiesWith(id, current)).toBe(true);
    expect(await verifiesWith(id, previous)).toBe(true);
    expect((await listWebhookEndpoints(member))[0]!.secretHint).toBe(`whsec_…${current.slice(-4)}`);
  });
});

describe("a signing secret sealed under a key no longer configured", () => {
  beforeEach(resetDb);
  afterEach(() => {
    delete process.env.INTEGRATIONS_SECRET;
    resetEnvForTests();
  });

  it("sends nothing and says why in the log; a rotation makes it sign again", async () => {
    const { member, columns, project } = await ownerWithProject();
    process.env.INTEGRATIONS_SECRET = "a-key-that-will-be-lost";
    resetEnvForTests();
    const { id } = await createWebhookEndpoint(member, { url: "https://hooks.example.com/in", description: "", kinds: ["card.created"] });
    delete process.env.INTEGRATIONS_SECRET;
    resetEnvForTests();
    await createCard(member, project.id, { columnId: columns[0]!.id, title: "Unsigned" });
    const sent: string[] = [];
    const send = async (url: string): Promise<SendResult> => (sent.push(url), { ok: true, status: 200, excerpt: "ok", durationMs: 1 });
    const [delivery] = await claimDue("runner-a");
    await attemptDelivery("runner-a", delivery!, () => new Date(), send);
    expect(sent).toEqual([]);
    const [entry] = await listDeliveries(member, id);
    expect(entry).toMatchObject({ status: "pending", last: { ok: false, responseStatus: null } });
    expect(entry!.last!.responseExcerpt).toMatch(/signing secret could not be opened/);

    const { secret } = await rotateWebhookSecret(member, id);
    expect(signingSecrets(await rowOf(id))).toEqual([secret]);
  });
});
