import { and, desc, eq, sql } from "drizzle-orm";
import type { WebhookType } from "~/lib/webhooks";
import { allows } from "../access";
import { db, schema } from "../db";
import { forbidden, notFound, UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { seal } from "../crypto/seal";
import { urlProblem } from "./address-guard";
import { secretHintOf } from "./secrets";
import { newWebhookSecret } from "./signing";

const { webhookEndpoints } = schema;

/** After a rotation the old secret still signs for this long, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

const OWNERS_AND_ADMINS = "Only owners and admins can manage webhooks.";

/** Webhooks are the workspace's: owners and admins manage them (as workspace API keys). */
function requireManager(member: MemberContext): void {
  if (!allows(member.role, "workspace", "change")) throw forbidden(OWNERS_AND_ADMINS);
}

export type WebhookEndpointRow = {
  id: string;
  url: string;
  description: string;
  kinds: WebhookType[];
  /** What the list shows of the secret: its prefix and last characters. */
  secretHint: string;
  /** Until when the previous secret signs too (a rotation's overlap), or null. */
  previousExpiresAt: Date | null;
  disabledAt: Date | null;
  disabledReason: "manual" | "failing" | null;
  failingSince: Date | null;
  createdAt: Date;
};

function rowOf(
  { secret: _sealed, previousSecret: _previous, secretHint, previousExpiresAt, kinds, ...row }: typeof webhookEndpoints.$inferSelect,
  now: Date,
): WebhookEndpointRow {
  return {
    ...row,
    kinds: kinds as WebhookType[],
    secretHint: `whsec_…${secretHint}`,
    previousExpiresAt: previousExpiresAt && previousExpiresAt > now ? previousExpiresAt : null,
  };
}

/** The workspace's endpoints, newest first (owners and admins). */
export async function listWebhookEndpoints(member: MemberContext, now = new Date()): Promise<WebhookEndpointRow[]> {
  requireManager(member);
  const rows = await db()
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, member.workspace.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((r) => rowOf(r, now));
}

/** One endpoint of the member's workspace, or a 404. */
export async function requireWebhookEndpoint(member: MemberContext, endpointId: string, now = new Date()): Promise<WebhookEndpointRow> {
  requireManager(member);
  const [row] = await db()
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, member.workspace.id)));
  if (!row) throw notFound("That endpoint");
  return rowOf(row, now);
}

type CreateInput = { url: string; description: string; kinds: WebhookType[] };

/** A new endpoint; its secret is returned once (the page shows it, then only its last characters). */
export async function createWebhookEndpoint(member: MemberContext, input: CreateInput): Promise<{ id: string; secret: string }> {
  requireManager(member);
  const problem = urlProblem(input.url);
  if (problem) throw new UserError(400, problem, "url");
  if (input.kinds.length === 0) throw new UserError(400, "Choose at least one event.", "kinds");
  const secret = newWebhookSecret();
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({
      workspaceId: member.workspace.id,
      createdBy: member.user.id,
      url: input.url,
      description: input.description,
      kinds: [...new Set(input.kinds)],
      secret: seal(secret),
      secretHint: secretHintOf(secret),
    })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

/**
 * A new secret; the old one keeps signing for ROTATION_OVERLAP_MS (each delivery then carries
 * both signatures), so a receiver can change its secret without losing a delivery.
 */
export async function rotateWebhookSecret(member: MemberContext, endpointId: string, now = new Date()): Promise<{ secret: string }> {
  await requireWebhookEndpoint(member, endpointId);
  const secret = newWebhookSecret();
  await db()
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      secret: seal(secret),
      secretHint: secretHintOf(secret),
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, member.workspace.id)));
  return { secret };
}

/** Switches an endpoint off (nothing is sent; new events are not queued for it) or on again. */
export async function setWebhookEnabled(
  member: MemberContext,
  endpointId: string,
  enabled: boolean,
  now = new Date(),
): Promise<WebhookEndpointRow> {
  const endpoint = await requireWebhookEndpoint(member, endpointId);
  await db()
    .update(webhookEndpoints)
    .set(enabled ? { disabledAt: null, disabledReason: null, failingSince: null } : { disabledAt: now, disabledReason: "manual" })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, member.workspace.id)));
  return endpoint;
}

/** Deletes an endpoint with its deliveries and their log. */
export async function deleteWebhookEndpoint(member: MemberContext, endpointId: string): Promise<WebhookEndpointRow> {
  const endpoint = await requireWebhookEndpoint(member, endpointId);
  await db()
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, member.workspace.id)));
  return endpoint;
}
