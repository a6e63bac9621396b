import { and, eq } from "drizzle-orm";
import { db, schema } from "../db";
import { attemptSlackDelivery, claimSlackDue } from "../integrations/slack-queue";
import { notify } from "../notifications";
import { attemptDelivery, claimDue, newRunnerId, type AttemptOutcome } from "./queue";
import { sealStoredSecrets } from "./secrets";

/**
 * The delivery runner of this process: drains the due deliveries (claimDue, a batch at a
 * time, sent side by side) and the due Slack posts, which share the queue's rules
 * (../integrations/slack-queue.ts), then sleeps until the next poll or until
 * `wakeWebhooks()` (the after-commit subscribers call it, so a change's delivery leaves at
 * once). Several processes on one database each run one; SKIP LOCKED and the leases keep them
 * apart.
 */
export const WEBHOOKS_POLL_MS = 1_000;

let runner = newRunnerId();
let stopped = true;
let draining: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let sealing: Promise<void> = Promise.resolve();

/** Sends what is due until nothing is; a second call while it runs makes it look once more. */
export function drainWebhooks(): Promise<void> {
  if (draining) {
    again = true;
    return draining;
  }
  draining = (async () => {
    do {
      again = false;
      for (;;) {
        const ids = await claimDue(runner);
        const posts = await claimSlackDue(runner);
        if (ids.length === 0 && posts.length === 0) break;
        const [outcomes] = await Promise.all([
          Promise.all(ids.map((id) => attemptDelivery(runner, id))),
          Promise.all(posts.map((id) => attemptSlackDelivery(runner, id))),
        ]);
        await tellOfDisabled(outcomes);
      }
    } while (again && !stopped);
  })()
    .catch((error: unknown) => console.error("[webhooks] delivery run failed", error))
    .finally(() => {
      draining = null;
    });
  return draining;
}

/** After a commit that queued deliveries: send now rather than at the next poll. */
export function wakeWebhooks(): void {
  if (!stopped) void drainWebhooks();
}

function schedule(pollMs: number) {
  if (stopped) return;
  timer = setTimeout(() => {
    void drainWebhooks().finally(() => schedule(pollMs));
  }, pollMs);
  timer.unref();
}

/**
 * Starts this process's runner (from lifecycle.ts); it picks up what earlier runs left. First
 * it seals the signing secrets an earlier version left in clear (decision 029); a delivery
 * sent meanwhile reads either form.
 */
export function startWebhooks(pollMs = Number(process.env.WEBHOOKS_POLL_MS) || WEBHOOKS_POLL_MS): void {
  if (!stopped) return;
  stopped = false;
  runner = newRunnerId();
  sealing = sealStoredSecrets()
    .catch((error: unknown) => console.error("[webhooks] sealing the secrets kept in clear failed", error))
    .then(() => {
      if (!stopped) void drainWebhooks();
    });
  schedule(pollMs);
}

/** Stops the timer and waits for the sends in progress (a delivery cut short is retried by the next runner). */
export async function stopWebhooks(): Promise<void> {
  stopped = true;
  clearTimeout(timer);
  timer = undefined;
  await sealing;
  await draining;
}

/** An endpoint switched off after a day of failures: its workspace's owners are told (notification and e-mail). */
async function tellOfDisabled(outcomes: AttemptOutcome[]): Promise<void> {
  for (const { disabledEndpoint: endpoint } of outcomes) {
    if (!endpoint) continue;
    try {
      const owners = await db()
        .select({ userId: schema.memberships.userId })
        .from(schema.memberships)
        .where(and(eq(schema.memberships.workspaceId, endpoint.workspaceId), eq(schema.memberships.role, "owner")));
      await notify({
        workspaceId: endpoint.workspaceId,
        kind: "webhook_disabled",
        actorId: null,
        recipients: owners.map((o) => o.userId),
        title: "A webhook endpoint was switched off",
        excerpt: `${endpoint.url} has failed every delivery for 24 hours. Fix it, then switch it on again in Settings → Webhooks.`,
        url: "/settings/webhooks",
        dedupeKey: `webhook_disabled:${endpoint.id}:${endpoint.at.toISOString()}`,
      });
    } catch (error) {
      console.error("[webhooks] telling the owners of a switched-off endpoint failed", error);
    }
  }
}
