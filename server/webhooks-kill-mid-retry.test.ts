// Webhooks end to end (issue 22): the built production server, a receiver that verifies every
// delivery with the standardwebhooks library, changes made over HTTP. The receiver answers the
// first delivery with 500; while that delivery waits for its retry the server is killed
// (SIGKILL), started again on the same database, and the delivery still arrives: every event
// reaches the receiver, each webhook-id verified.
import { describe, expect, it } from "vitest";
// Aliased: the React hooks lint rule reads `use…` as a hook (this is vitest's beforeAll/afterEach).
import { useBuiltServers as builtServers } from "../tests/support/built-servers";
import { startWebhookReceiver } from "../tests/support/webhook-receiver";
import { HttpUser, waitFor } from "../tests/durability/http-user";

const start = builtServers();

describe("webhooks across a crash", () => {
  it(
    "a delivery waiting for its retry when the server is killed arrives after the restart; every event once per webhook-id",
    { timeout: 180_000 },
    async () => {
      const receiver = await startWebhookReceiver("whsec_" + Buffer.alloc(32).toString("base64"));
      try {
        const env = {
          DATABASE_URL: process.env.DATABASE_URL ?? "",
          SESSION_SECRET: "webhooks-kill-mid-retry",
          WEBHOOKS_ALLOW_PRIVATE: "1",
        };
        const first = await start(env);
        await first.waitForOutput(/Atelier listening/);
        const user = new HttpUser(first.url, `hooks-${Date.now()}@example.test`);
        await user.signUp("Hook Receiver", first.output);
        await user.signIn();
        const projectId = await user.createProject("Hooked");
        const [column] = await user.board(projectId);

        const made = await user.postForm("/settings/webhooks", { intent: "create", url: receiver.url, kinds: "card.created" });
        expect(made.status).toBe(200);
        const secret = /whsec_[A-Za-z0-9+/]+=*/.exec(await made.text())?.[0];
        expect(secret).toBeDefined();
        receiver.setSecret(secret!);

        receiver.failNext(1);
        const cards: string[] = [];
        for (let i = 0; i < 5; i++) cards.push(await user.createCard(projectId, column!.id, `Card ${i}`));
        // The first delivery was refused; it waits for its retry (seconds away) when the server dies.
        await waitFor(() => (receiver.failed.length === 1 ? true : undefined), 30_000, "the refused first delivery");
        expect(await first.stop("SIGKILL")).toBe("SIGKILL");

        const second = await start({ ...env, DATA_DIR: first.dataDir });
        await second.waitForOutput(/Atelier listening/);
        await receiver.waitFor(cards.length);

        expect(receiver.rejected).toEqual([]);
        const arrived = receiver.received.map((r) => (r.payload.data.object as { id: string }).id);
        expect(new Set(arrived)).toEqual(new Set(cards));
        expect(receiver.received.map((r) => r.id)).toContain(receiver.failed[0]);
        // One verified delivery per webhook-id, one webhook-id per event.
        const ids = receiver.received.map((r) => r.id);
        expect(new Set(ids).size).toBe(cards.length);
        await second.stop("SIGKILL");
      } finally {
        await receiver.close();
      }
    },
  );
});
