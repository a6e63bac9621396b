// The sync's choice of the current subscription, status folding, serialised syncs
// and the one customer per workspace, with a scripted provider.
import { beforeEach, describe, expect, it } from "vitest";
import { checkoutInput, planIdOf, subscriptionRowsOf } from "../../../tests/support/billing";
import { resetDb } from "../../../tests/support/db";
import { makeOwner } from "../../../tests/support/factories";
import pg from "pg";
import { driver } from "../db";
import { completeLocalCheckout, createLocalProvider } from "./local";
import { normaliseStatus, type PaymentProvider, type ProviderSubscription } from "./types";
import { currentOf, ensureCustomer, syncSubscription } from "./sync";
import { itOn } from "../../../tests/support/database-kind";

beforeEach(resetDb);

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

describe("normaliseStatus", () => {
  it("keeps the product's five states and folds Stripe's others into them", () => {
    for (const s of ["trialing", "active", "past_due", "canceled", "incomplete"]) expect(normaliseStatus(s)).toBe(s);
    expect(normaliseStatus("unpaid")).toBe("past_due");
    expect(normaliseStatus("paused")).toBe("past_due");
    expect(normaliseStatus("incomplete_expired")).toBe("canceled");
  });
});

describe("currentOf", () => {
  it("prefers a live subscription, then an incomplete one, then the newest ended one", () => {
    const ended = { id: "a", status: "canceled" as const, created: at(20) };
    const trying = { id: "b", status: "incomplete" as const, created: at(15) };
    const live = { id: "c", status: "past_due" as const, created: at(1) };
    expect(currentOf([ended, trying, live])?.id).toBe("c");
    expect(currentOf([ended, trying])?.id).toBe("b");
    expect(currentOf([ended, { id: "d", status: "canceled" as const, created: at(25) }])?.id).toBe("d");
    expect(currentOf([])).toBeUndefined();
  });
});

describe("syncSubscription", () => {
  it("overlapping syncs of one customer end in the state read last", async () => {
    const local = createLocalProvider();
    const { user, workspace } = await makeOwner();
    const customerId = await ensureCustomer(workspace.id, { email: user.email }, local);
    const session = await local.createCheckoutSession(checkoutInput(customerId, await local.resolvePriceId("starter", "month")));
    const { subscriptionId } = await completeLocalCheckout(session.id);
    const real = await local.retrieveSubscription(subscriptionId);

    // The first read is slow and sees an old state; the second is quick and sees the new one.
    const states: ProviderSubscription[] = [
      { ...real, status: "active", planId: "starter" },
      { ...real, status: "canceled", planId: "starter" },
    ];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const firstReading = new Promise<void>((r) => (entered = r));
    let calls = 0;
    const scripted: PaymentProvider = {
      ...local,
      async listSubscriptions() {
        const mine = calls++;
        if (mine === 0) {
          entered();
          await gate;
        }
        return [states[mine]!];
      },
    };
    const first = syncSubscription(customerId, scripted);
    await firstReading;
    // The first sync is held inside its read. The second must queue behind it: it says so
    // (onQueued), and it does not read while the first is held. An unserialised second
    // would run to the end on its own: that fails the test rather than hanging it.
    let queued!: () => void;
    const waiting = new Promise<"queued">((r) => (queued = () => r("queued")));
    const second = syncSubscription(customerId, scripted, { onQueued: queued });
    const ranAhead = second.then(() => "finished while the first was held" as const);
    expect(await Promise.race([waiting, ranAhead])).toBe("queued");
    expect(calls).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(calls).toBe(2);
    const rows = await subscriptionRowsOf(workspace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("canceled");
  });

  // PGlite lives in one process: only Postgres has another process to wait for.
  itOn("postgres", "on Postgres, waits for a sync of the same customer running in another app process", async () => {
    const local = createLocalProvider();
    const { user, workspace } = await makeOwner();
    const customerId = await ensureCustomer(workspace.id, { email: user.email }, local);
    const session = await local.createCheckoutSession(checkoutInput(customerId, await local.resolvePriceId("starter", "month")));
    await completeLocalCheckout(session.id);
    const d = driver();
    if (d.kind !== "postgres") throw new Error("DATABASE_URL is set, so the app should be on Postgres");
    // "Another process": a separate connection holding the same advisory lock.
    const other = new pg.Client({ connectionString: d.url });
    await other.connect();
    try {
      const key = `billing-sync:local:${customerId}`;
      await other.query("select pg_advisory_lock(hashtextextended($1, 0))", [key]);
      let settled = false;
      const sync = syncSubscription(customerId, local).finally(() => {
        settled = true;
      });
      // It is waiting on the lock (visible in pg_locks), and has written nothing.
      await expect
        .poll(
          async () => (await other.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n,
        )
        .toBe(1);
      expect(settled).toBe(false);
      expect(await planIdOf(workspace.id)).not.toBe("starter");
      await other.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key]);
      await expect(sync).resolves.toMatchObject({ workspaceId: workspace.id });
      expect(await planIdOf(workspace.id)).toBe("starter");
    } finally {
      await other.end();
    }
  });

  it("leaves an unknown customer alone and keeps the plan before any purchase", async () => {
    const { workspace } = await makeOwner();
    expect(await syncSubscription("cus_local_unknown", createLocalProvider())).toBeNull();
    expect(await planIdOf(workspace.id)).toBe("professional");
  });
});

describe("ensureCustomer", () => {
  it("two first checkouts at once store one customer for the workspace", async () => {
    const local = createLocalProvider();
    const { user, workspace } = await makeOwner();
    const [a, b] = await Promise.all([
      ensureCustomer(workspace.id, { email: user.email }, local),
      ensureCustomer(workspace.id, { email: user.email }, local),
    ]);
    expect(a).toBe(b);
    expect(await ensureCustomer(workspace.id, { email: user.email }, local)).toBe(a);
  });
});
