import { and, eq } from "drizzle-orm";
import { ROLE_LABELS, type Role } from "~/lib/permissions";
import { db, schema } from "../db";
import { notify } from "./index";

/**
 * Workspace events people hear about: an invitation accepted (the inviter), a role changed
 * (the member), a payment that failed (the owners). Called after the change has committed.
 */
const { memberships, users, workspaces, billingCustomers } = schema;

async function nameOf(userId: string) {
  const [u] = await db().select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, userId));
  return u ? u.name?.trim() || u.email : "Someone";
}

export async function invitationAccepted(input: { workspaceId: string; inviterId: string | null; userId: string }) {
  if (!input.inviterId) return;
  const [w] = await db().select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, input.workspaceId));
  await notify({
    workspaceId: input.workspaceId,
    kind: "invitation_accepted",
    actorId: input.userId,
    recipients: [input.inviterId],
    title: `${await nameOf(input.userId)} accepted your invitation to ${w?.name ?? "the workspace"}`,
    url: "/team",
  });
}

export async function roleChanged(input: { workspaceId: string; actorId: string; userId: string; role: Role }) {
  await notify({
    workspaceId: input.workspaceId,
    kind: "role_changed",
    actorId: input.actorId,
    recipients: [input.userId],
    title: `${await nameOf(input.actorId)} changed your role to ${ROLE_LABELS[input.role]}`,
    url: "/team",
  });
}

/** A failed payment of the customer's workspace tells its owners (once per provider event). */
export async function paymentFailed(input: { provider: string; customerId: string; eventId: string }) {
  const [customer] = await db()
    .select({ workspaceId: billingCustomers.workspaceId })
    .from(billingCustomers)
    .where(
      and(
        eq(billingCustomers.provider, input.provider as (typeof billingCustomers.$inferSelect)["provider"]),
        eq(billingCustomers.customerId, input.customerId),
      ),
    );
  if (!customer) return;
  const owners = await db()
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, customer.workspaceId), eq(memberships.role, "owner")));
  await notify({
    workspaceId: customer.workspaceId,
    kind: "payment_failed",
    actorId: null,
    recipients: owners.map((o) => o.userId),
    title: "A payment for your subscription failed",
    excerpt: "Update the payment method in billing to keep your plan.",
    url: "/billing",
    dedupeKey: `payment_failed:${input.eventId}`,
  });
}
