import { and, desc, eq, sql } from "drizzle-orm";
import { db, driver, schema, transaction, type Db } from "../db";
import type { SubscriptionStatus } from "../db/schema-billing";
import { paymentProvider } from "./provider";
import type { PaymentProvider, ProviderSubscription } from "./types";

/**
 * The one path that writes subscription records, for Stripe and test mode alike:
 * it reads the customer's subscriptions from the provider as they are now and
 * upserts them, so calling it twice, or after events that arrived out of order,
 * ends in the provider's current state. Called from the webhook and from the
 * /billing?success=true return.
 */
const { billingCustomers, subscriptions, workspaces } = schema;

export type SubscriptionRecord = typeof subscriptions.$inferSelect;

/** The workspace's provider customer, created at its first checkout. */
export async function ensureCustomer(
  workspaceId: string,
  who: { email: string; name?: string },
  provider?: PaymentProvider,
): Promise<string> {
  const p = provider ?? (await paymentProvider());
  const [existing] = await db().select().from(billingCustomers).where(eq(billingCustomers.workspaceId, workspaceId));
  if (existing?.provider === p.name) return existing.customerId;
  const { id } = await p.createCustomer({ ...who, metadata: { workspaceId } });
  await db()
    .insert(billingCustomers)
    .values({ workspaceId, provider: p.name, customerId: id })
    .onConflictDoUpdate({
      target: billingCustomers.workspaceId,
      set: { provider: p.name, customerId: id },
      // Two first checkouts at once: the first stored customer wins.
      setWhere: sql`${billingCustomers.provider} <> ${p.name}`,
    });
  const [row] = await db().select().from(billingCustomers).where(eq(billingCustomers.workspaceId, workspaceId));
  return row!.customerId;
}

export async function workspaceOfCustomer(provider: string, customerId: string): Promise<string | null> {
  const [row] = await db()
    .select({ workspaceId: billingCustomers.workspaceId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider as "stripe" | "local"), eq(billingCustomers.customerId, customerId)));
  return row?.workspaceId ?? null;
}

/** The workspace's customer at `provider`, or null before its first checkout. */
export async function customerIdOf(workspaceId: string, provider: PaymentProvider): Promise<string | null> {
  const [row] = await db()
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.workspaceId, workspaceId), eq(billingCustomers.provider, provider.name)));
  return row?.customerId ?? null;
}

/** Statuses that keep a subscription running (and the workspace writable): a second one must not be bought. */
export function isLiveStatus(status: SubscriptionStatus): boolean {
  return status === "active" || status === "trialing" || status === "past_due";
}

/**
 * The workspace's live subscription as the provider sees it now (not the stored
 * record, which may wait for a webhook), or null: what refuses a second checkout.
 */
export async function liveSubscriptionOf(workspaceId: string, provider: PaymentProvider): Promise<ProviderSubscription | null> {
  const customerId = await customerIdOf(workspaceId, provider);
  if (!customerId) return null;
  const current = currentOf(await provider.listSubscriptions(customerId));
  return current && isLiveStatus(current.status) ? current : null;
}

const rank: Record<SubscriptionStatus, number> = { active: 0, trialing: 0, past_due: 0, incomplete: 1, canceled: 2 };

/** The subscription that decides the plan: a live one before an incomplete one before an ended one; newest first. */
export function currentOf<T extends { status: SubscriptionStatus; created?: Date; createdAt?: Date }>(subs: T[]): T | undefined {
  const time = (s: T) => (s.created ?? s.createdAt ?? new Date(0)).getTime();
  return [...subs].sort((a, b) => rank[a.status] - rank[b.status] || time(b) - time(a))[0];
}

export type SyncResult = { workspaceId: string; current: SubscriptionRecord | null };

// Syncs of one customer run one after another, so the one that started last (and
// so read the newest state) also writes last: in this process through a promise
// chain, and across processes sharing a Postgres server through an advisory lock
// held for the whole sync. (PGlite lives in one process, so the chain suffices.)
const running = new Map<string, Promise<unknown>>();

/**
 * Reads `customerId`'s subscriptions from the provider and stores them; null for an unknown
 * customer. `onQueued` is called when this sync has to wait for another sync of the same
 * customer in this process (the tests watch the wait with it instead of a timer).
 */
export async function syncSubscription(
  customerId: string,
  provider?: PaymentProvider,
  options: { onQueued?: () => void } = {},
): Promise<SyncResult | null> {
  const p = provider ?? (await paymentProvider());
  const key = `${p.name}:${customerId}`;
  const previous = running.get(key);
  if (previous) options.onQueued?.();
  const next = (previous ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => acrossProcesses(`billing-sync:${key}`, () => syncNow(customerId, p)));
  running.set(key, next);
  try {
    return await next;
  } finally {
    if (running.get(key) === next) running.delete(key);
  }
}

/**
 * Runs `fn` while holding a Postgres advisory lock on `key`. The lock lives in a
 * transaction of its own that does nothing else; `fn` does its work on other
 * connections of the pool, so the provider's network call is never inside a
 * writing transaction.
 */
async function acrossProcesses<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (driver().kind !== "postgres") return fn();
  return transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return fn();
  });
}

async function syncNow(customerId: string, p: PaymentProvider): Promise<SyncResult | null> {
  const workspaceId = await workspaceOfCustomer(p.name, customerId);
  if (!workspaceId) return null;
  const subs = (await p.listSubscriptions(customerId)).filter(
    (s): s is ProviderSubscription & { planId: NonNullable<ProviderSubscription["planId"]> } => {
      if (s.planId) return true;
      console.warn(`[billing] subscription ${s.id} has price ${s.priceId}, which belongs to no plan; not stored`);
      return false;
    },
  );
  const now = new Date();
  for (const s of subs) {
    const values = {
      workspaceId,
      provider: p.name,
      customerId,
      subscriptionId: s.id,
      priceId: s.priceId,
      planId: s.planId,
      interval: s.interval,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      createdAt: s.created,
      updatedAt: now,
    };
    const { subscriptionId: _id, provider: _p, createdAt: _c, ...changes } = values;
    await db()
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.subscriptionId], set: changes });
  }
  const current = currentOf(subs);
  if (current) {
    await db().update(workspaces).set({ planId: current.planId, updatedAt: now }).where(eq(workspaces.id, workspaceId));
  }
  return { workspaceId, current: await currentSubscription(workspaceId) };
}

/** The stored subscription that decides the workspace's plan, or null before the first purchase (inside `tx` when given). */
export async function currentSubscription(workspaceId: string, tx: Db = db()): Promise<SubscriptionRecord | null> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt));
  return currentOf(rows) ?? null;
}
