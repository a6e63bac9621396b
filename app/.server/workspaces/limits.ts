import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { BYTES_PER_GB } from "~/lib/file-size";
import { getPlan, type PlanId, type PlanLimits } from "~/lib/plans";
import { db, schema, type Db } from "../db";
import { currentSubscription, type SubscriptionRecord } from "../payments/sync";
import { UserError, workspaceReadOnly } from "../errors";
import { oncePerRead } from "../http/request-scope";

/**
 * The one place that counts what the plans limit, per workspace. A new workspace is
 * on its 14-day trial with Professional limits; the subscription sync sets plan_id.
 * A workspace whose trial ended without a plan, or whose subscription was canceled,
 * is read-only (assertWritable: the access gate, app/.server/access, asks it for every change).
 */
export type LimitedResource = "projects" | "members";

export async function planOf(tx: Db, workspaceId: string): Promise<{ planId: PlanId; limits: PlanLimits; name: string }> {
  const [ws] = await tx.select({ planId: schema.workspaces.planId }).from(schema.workspaces).where(eq(schema.workspaces.id, workspaceId));
  const plan = getPlan((ws?.planId ?? "professional") as PlanId) ?? getPlan("professional")!;
  return { planId: plan.id, limits: plan.limits, name: plan.name };
}

/** Seats taken: the members plus the invitations still open (each holds a seat until it expires). */
export async function countSeats(workspaceId: string, tx: Db = db()): Promise<number> {
  const { memberships, invitations } = schema;
  const [m] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.workspaceId, workspaceId));
  const [i] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  return Number(m?.n ?? 0) + Number(i?.n ?? 0);
}

export async function usageOf(tx: Db, workspaceId: string) {
  const [p] = await tx
    .select({ n: count() })
    .from(schema.projects)
    .where(and(eq(schema.projects.workspaceId, workspaceId), isNull(schema.projects.archivedAt)));
  return { projects: Number(p?.n ?? 0), members: await countSeats(workspaceId, tx) };
}

export function limitMessage(planName: string, resource: LimitedResource, limit: number): string {
  const what = resource === "projects" ? `${limit} active projects` : `${limit} members (including pending invitations)`;
  return `The ${planName} plan includes ${what}. Upgrade your plan to add more, or archive what you no longer need.`;
}

export type ReadOnlyReason = "trial_ended" | "canceled";

/**
 * Why the workspace is read-only, or null when it may be changed. A live
 * subscription (active, trialing, past_due) keeps it writable; a canceled one makes
 * it read-only; without either (none yet, or only an incomplete one) the 14-day
 * trial decides. Nothing is deleted: buying a plan makes it writable again.
 */
export async function readOnlyReason(
  tx: Db,
  workspaceId: string,
  now = new Date(),
  /** The trial's end when the caller already read it (the member context has it). */
  knownTrialEndsAt?: Date | null,
): Promise<ReadOnlyReason | null> {
  const sub = await currentSubscription(workspaceId, tx);
  // A live or ended subscription decides alone: no need to read the trial.
  if (sub && sub.status !== "incomplete") return readOnlyReasonOf(sub, null, now);
  if (knownTrialEndsAt !== undefined) return readOnlyReasonOf(sub, knownTrialEndsAt, now);
  const [ws] = await tx
    .select({ trialEndsAt: schema.workspaces.trialEndsAt })
    .from(schema.workspaces)
    .where(eq(schema.workspaces.id, workspaceId));
  return readOnlyReasonOf(sub, ws?.trialEndsAt ?? null, now);
}

/** The rule of readOnlyReason, for a caller that already holds the subscription and the trial's end. */
export function readOnlyReasonOf(
  sub: { status: SubscriptionRecord["status"] } | null,
  trialEndsAt: Date | null,
  now = new Date(),
): ReadOnlyReason | null {
  if (sub && sub.status !== "incomplete") return sub.status === "canceled" ? "canceled" : null;
  return trialEndsAt && trialEndsAt.getTime() <= now.getTime() ? "trial_ended" : null;
}

export function readOnlyMessage(reason: ReadOnlyReason): string {
  const why = reason === "canceled" ? "its subscription has ended" : "its free trial has ended";
  return `This workspace is read-only because ${why}. Your data is kept; choose a plan on the billing page (/billing) to make changes again.`;
}

/** For the banner: true when the workspace is read-only. */
export async function isReadOnly(workspaceId: string): Promise<boolean> {
  return (await readOnlyReasonNow(workspaceId)) !== null;
}

/** readOnlyReason outside a write: the layout's notice and the page's buttons ask alike, and share one read. */
export function readOnlyReasonNow(workspaceId: string, knownTrialEndsAt?: Date | null): Promise<ReadOnlyReason | null> {
  return oncePerRead(`read-only:${workspaceId}`, () => readOnlyReason(db(), workspaceId, new Date(), knownTrialEndsAt));
}

/**
 * Throws 403 `workspace_read_only` naming what to do when the workspace is read-only (trial
 * ended, subscription canceled). Services ask the access gate (app/.server/access), which
 * asks this; the plan limits below ask it too.
 */
export async function assertWritable(tx: Db, workspaceId: string): Promise<void> {
  const reason = await readOnlyReason(tx, workspaceId);
  if (reason) throw workspaceReadOnly(readOnlyMessage(reason));
}

/**
 * Accepting an invitation: the invitation already held a seat, so only members are
 * counted. This refuses only when the workspace has no room for one more member
 * (its plan was downgraded below its usage since the invitation was sent) or is
 * read-only. The message speaks to the invitee, who cannot change the plan.
 */
export async function assertCanJoin(tx: Db, workspaceId: string): Promise<void> {
  const reason = await readOnlyReason(tx, workspaceId);
  if (reason) {
    throw workspaceReadOnly(
      "This workspace is read-only for now, so no one can join it. Ask its owner to choose a plan; your invitation stays valid until it expires.",
    );
  }
  const { limits, name } = await planOf(tx, workspaceId);
  if (limits.users === null) return;
  const [m] = await tx.select({ n: count() }).from(schema.memberships).where(eq(schema.memberships.workspaceId, workspaceId));
  if (Number(m?.n ?? 0) >= limits.users) {
    throw new UserError(
      403,
      `This workspace has no free seat: the ${name} plan includes ${limits.users} members. Ask its owner to upgrade the plan or free a seat; your invitation stays valid until it expires.`,
    );
  }
}

/** Throws a 403 with a message naming the plan and the limit when one more would exceed it (or the workspace is read-only). */
export async function assertCanAdd(tx: Db, workspaceId: string, resource: LimitedResource): Promise<void> {
  await assertWritable(tx, workspaceId);
  const { limits, name } = await planOf(tx, workspaceId);
  const limit = resource === "projects" ? limits.projects : limits.users;
  if (limit === null) return;
  const usage = await usageOf(tx, workspaceId);
  if (usage[resource] >= limit) throw new UserError(403, limitMessage(name, resource, limit));
}

// Storage: the recorded sizes of the workspace's attachments against the plan's storageGb.

/** Bytes the workspace's files take: SUM(size_bytes) of its attachments (metadata only, no bytes read). */
export async function storageUsedBytes(tx: Db, workspaceId: string): Promise<number> {
  const [row] = await tx
    .select({
      // Card attachments, plus the images placed in wireframes (app/.server/wireframes/images.ts).
      bytes: sql<string>`coalesce(sum(${schema.cardAttachments.sizeBytes}), 0) + (select coalesce(sum(${schema.wireframeImages.sizeBytes}), 0) from ${schema.wireframeImages} where ${schema.wireframeImages.workspaceId} = ${workspaceId})`,
    })
    .from(schema.cardAttachments)
    .where(eq(schema.cardAttachments.workspaceId, workspaceId));
  return Number(row?.bytes ?? 0);
}

export function storageLimitMessage(planName: string, limitGb: number): string {
  return `The ${planName} plan includes ${limitGb} GB of storage. Upgrade your plan to add more, or delete files you no longer need.`;
}

/** Advisory lock class for storage; the second key is the workspace id's hash. */
const STORAGE_LOCK = 727_274_002;

/**
 * Serialises the uploads of one workspace until the calling transaction ends, so two
 * uploads cannot both pass assertCanStore against the same remaining room. Take it
 * first in the upload's transaction, then assertCanStore, then insert the row.
 */
export async function lockWorkspaceStorage(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(STORAGE_LOCK))}, hashtext(${workspaceId}))`);
}

/** Throws a 403 naming the plan and its storage when `bytes` more would exceed it (or the workspace is read-only). */
export async function assertCanStore(tx: Db, workspaceId: string, bytes: number): Promise<void> {
  await assertWritable(tx, workspaceId);
  const { limits, name } = await planOf(tx, workspaceId);
  if (limits.storageGb === null) return;
  const used = await storageUsedBytes(tx, workspaceId);
  if (used + bytes > limits.storageGb * BYTES_PER_GB) throw new UserError(403, storageLimitMessage(name, limits.storageGb));
}
