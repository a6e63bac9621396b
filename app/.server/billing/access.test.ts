// Every billing service checks the caller's role itself: admins and owners see billing,
// only the owner changes it, whoever calls (a page, the JSON API, a job).
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { getMemberContext } from "../workspaces";
import { MANAGE_BILLING_MESSAGE, VIEW_BILLING_MESSAGE } from "../access";
import { startApiCheckout, startCheckout } from "./checkout";
import { billingOverview } from "./overview";
import { cancelCurrentSubscription, cancelWorkspaceSubscription, listWorkspaceSubscriptions, openPortal } from "./subscriptions";

const ctxFor = async (userId: string) => getMemberContext(await authedRequest(userId, "/billing"));

async function team() {
  const { user, workspace } = await makeOwner();
  const members: Record<"admin" | "member" | "viewer", string> = { admin: "", member: "", viewer: "" };
  for (const role of ["admin", "member", "viewer"] as const) {
    const someone = await makeUser();
    await addMember(workspace.id, someone.id, role);
    members[role] = someone.id;
  }
  return { owner: user.id, ...members };
}

describe("billing services", () => {
  beforeEach(resetDb);

  it("let admins view billing, and members and viewers not", async () => {
    const ids = await team();
    await expect(billingOverview(await ctxFor(ids.admin), { returning: false })).resolves.toMatchObject({ canManage: false });
    await expect(listWorkspaceSubscriptions(await ctxFor(ids.admin))).resolves.toEqual([]);
    for (const id of [ids.member, ids.viewer]) {
      const ctx = await ctxFor(id);
      await expect(billingOverview(ctx, { returning: false })).rejects.toMatchObject({ status: 403, message: VIEW_BILLING_MESSAGE });
      await expect(listWorkspaceSubscriptions(ctx)).rejects.toMatchObject({ status: 403, message: VIEW_BILLING_MESSAGE });
    }
  });

  it("let only the owner start a checkout, open the portal or cancel; nothing is written for the others", async () => {
    const ids = await team();
    for (const id of [ids.admin, ids.member, ids.viewer]) {
      const ctx = await ctxFor(id);
      const refused = { status: 403, message: MANAGE_BILLING_MESSAGE };
      await expect(startCheckout(ctx, { planId: "starter", interval: "month" })).rejects.toMatchObject(refused);
      await expect(
        startApiCheckout(ctx, {
          priceId: "local_starter_month",
          successUrl: "http://localhost:3000/billing",
          cancelUrl: "http://localhost:3000/pricing",
          allowPromotionCodes: true,
        }),
      ).rejects.toMatchObject(refused);
      await expect(openPortal(ctx, "http://localhost:3000/billing")).rejects.toMatchObject(refused);
      await expect(cancelCurrentSubscription(ctx)).rejects.toMatchObject(refused);
      await expect(cancelWorkspaceSubscription(ctx, "sub_x", { immediately: true })).rejects.toMatchObject(refused);
    }
    expect(await db().select().from(schema.billingCustomers)).toHaveLength(0);
    expect(await db().select().from(schema.localCheckoutSessions)).toHaveLength(0);
    await expect(startCheckout(await ctxFor(ids.owner), { planId: "starter", interval: "month" })).resolves.toMatchObject({
      kind: "checkout",
    });
  });
});
