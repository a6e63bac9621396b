// Read-only mode: a trial that ended without a plan, or a subscription that was
// canceled, refuses every write with a 403 naming /billing; nothing is deleted,
// and buying a plan makes the workspace writable again.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, makeOwner } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { completeLocalCheckout, setLocalSubscriptionStatus } from "../payments/local";
import { paymentProvider } from "../payments/provider";
import { ensureCustomer, syncSubscription } from "../payments/sync";
import { runBoardIntent } from "../projects/board-actions";
import { loadBoard } from "../projects/board-reads";
import { UserError } from "../errors";
import { createProject } from "../projects/projects";
import { getMemberContext } from ".";
import { assertCanAdd, isReadOnly, readOnlyReason } from "./limits";

async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await getMemberContext(await authedRequest(user.id, "/dashboard"));
  const project = await createProject(member, { name: "Website" });
  const { columns } = await loadBoard(member, project.id);
  const addCard = (title: string) => runBoardIntent(member, project.id, { intent: "create-card", columnId: columns[0]!.id, title });
  return { user, workspace, member, project, addCard };
}

async function buy(workspaceId: string, email: string, plan: "starter" | "professional" = "starter") {
  const provider = await paymentProvider();
  const customerId = await ensureCustomer(workspaceId, { email }, provider);
  const session = await provider.createCheckoutSession({
    priceId: await provider.resolvePriceId(plan, "month"),
    successUrl: "http://localhost:3000/billing?success=true",
    cancelUrl: "http://localhost:3000/pricing?canceled=true",
    allowPromotionCodes: true,
    metadata: {},
    customerId,
  });
  const { subscriptionId } = await completeLocalCheckout(session.id);
  await syncSubscription(customerId, provider);
  return { provider, customerId, subscriptionId };
}

const endTrial = (workspaceId: string) =>
  db()
    .update(schema.workspaces)
    .set({ trialEndsAt: new Date(Date.now() - 1000) })
    .where(eq(schema.workspaces.id, workspaceId));

const cardsOf = async (projectId: string) => db().select().from(schema.cards).where(eq(schema.cards.projectId, projectId));

async function refusal(p: Promise<unknown>): Promise<UserError> {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(UserError);
  return thrown as UserError;
}

describe("read-only workspaces", () => {
  beforeEach(resetDb);

  it("a workspace in its trial, or with a live subscription, is writable", async () => {
    const { user, workspace, addCard } = await setup();
    expect(await isReadOnly(workspace.id)).toBe(false);
    expect(await addCard("During the trial")).toMatchObject({ ok: true });
    await buy(workspace.id, user.email);
    await endTrial(workspace.id);
    expect(await isReadOnly(workspace.id)).toBe(false);
    expect(await addCard("Paid")).toMatchObject({ ok: true });
  });

  it("after cancellation refuses board writes and new projects with a 403 naming /billing, and keeps the data", async () => {
    const { user, workspace, member, project, addCard } = await setup();
    await addCard("Kept");
    const { provider, customerId, subscriptionId } = await buy(workspace.id, user.email);
    await provider.cancelSubscription(subscriptionId, { immediately: true });
    await syncSubscription(customerId, provider);

    expect(await readOnlyReason(db(), workspace.id)).toBe("canceled");
    expect(await isReadOnly(workspace.id)).toBe(true);
    const result = await addCard("Refused");
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(result.ok ? "" : result.message).toBe(
      "This workspace is read-only because its subscription has ended. Your data is kept; choose a plan on the billing page (/billing) to make changes again.",
    );
    const error = await refusal(createProject(member, { name: "Another" }));
    expect(error.status).toBe(403);
    expect((await cardsOf(project.id)).map((c) => c.title)).toEqual(["Kept"]);
    expect(await db().select().from(schema.projects).where(eq(schema.projects.workspaceId, workspace.id))).toHaveLength(1);

    // Buying again makes it writable.
    await buy(workspace.id, user.email, "professional");
    expect(await isReadOnly(workspace.id)).toBe(false);
    expect(await addCard("Back")).toMatchObject({ ok: true });
  });

  it("a trial that ended without a subscription makes the workspace read-only", async () => {
    const { workspace, project, addCard } = await setup();
    await addCard("Before");
    await endTrial(workspace.id);
    expect(await readOnlyReason(db(), workspace.id)).toBe("trial_ended");
    const result = await addCard("After");
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(result.ok ? "" : result.message).toContain("its free trial has ended");
    expect((await refusal(assertCanAdd(db(), workspace.id, "members"))).message).toContain("/billing");
    expect(await cardsOf(project.id)).toHaveLength(1);
  });

  it("an incomplete first payment after the trial does not unlock it; a past_due subscription stays writable", async () => {
    const { user, workspace } = await setup();
    const { customerId, subscriptionId, provider } = await buy(workspace.id, user.email);
    await endTrial(workspace.id);
    await setLocalSubscriptionStatus(subscriptionId, "incomplete");
    await syncSubscription(customerId, provider);
    expect(await readOnlyReason(db(), workspace.id)).toBe("trial_ended");
    await setLocalSubscriptionStatus(subscriptionId, "past_due");
    await syncSubscription(customerId, provider);
    expect(await readOnlyReason(db(), workspace.id)).toBeNull();
  });
});
