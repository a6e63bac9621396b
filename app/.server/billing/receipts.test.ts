// Test mode's receipt e-mail after a payment, and its invoice PDFs on /billing.
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, resetMailForTests } from "~/.server/mail";
import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { trialEndingSoon } from "../../../tests/support/billing";
import { resetDb } from "../../../tests/support/db";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { loader as billingLoader } from "../../routes/_app.billing";
import { loader as pdfLoader } from "../../routes/billing.invoices.$id.pdf";
import { action as checkoutAction, loader as checkoutLoader } from "../../routes/billing.test-mode.checkout.$id";
import { action as pricingAction, loader as pricingLoader } from "../../routes/pricing";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** An owner who chose a plan on /pricing and confirmed the test-mode payment. */
async function subscribedOwner(planId = "professional", interval = "month") {
  const { user, workspace } = await makeOwner({ fullName: "Rita Receipt" });
  await trialEndingSoon(workspace.id);
  const chosen = (await pricingAction(
    args(formRequest(await authedRequest(user.id, "/pricing"), { intent: "checkout", planId, interval })),
  )) as Response;
  const sessionId = chosen.headers.get("Location")!.split("/").at(-1)!;
  const pay = formRequest(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { intent: "pay" });
  await checkoutAction(args(pay, { id: sessionId }));
  return { user, workspace, sessionId, pay };
}

beforeEach(async () => {
  await resetDb();
  resetMailForTests();
});

describe("a test-mode payment", () => {
  it("e-mails the owner a receipt with the amount, the plan, the period and the invoice's PDF link, once", async () => {
    const { user, sessionId } = await subscribedOwner("starter", "year");
    const receipts = outbox.filter((m) => m.subject.startsWith("Your Atelier receipt"));
    expect(receipts).toHaveLength(1);
    const [mail] = receipts;
    expect(mail!.to).toBe(user.email);
    expect(mail!.subject).toBe("Your Atelier receipt: $278.00");
    expect(mail!.text).toContain("we received your payment of $278.00 for Rita Receipt's workspace");
    expect(mail!.text).toContain("Starter plan, ");
    expect(mail!.text).toMatch(/http:\/\/localhost:\d+\/billing\/invoices\/in_local_[0-9a-f]+\/pdf/);

    // Confirming the same checkout again pays nothing and sends nothing.
    const again = formRequest(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { intent: "pay" });
    await checkoutAction(args(again, { id: sessionId }));
    expect(outbox.filter((m) => m.subject.startsWith("Your Atelier receipt"))).toHaveLength(1);
  });
});

describe("paying during the trial in test mode", () => {
  it("keeps the remaining days: said first, the subscription trials until the trial's end, a $0 invoice, no receipt", async () => {
    const { user, workspace } = await makeOwner({ fullName: "Tom Trial" });
    const [ws] = await db()
      .select({ trialEndsAt: schema.workspaces.trialEndsAt })
      .from(schema.workspaces)
      .where(eq(schema.workspaces.id, workspace.id));
    const trialEnd = ws!.trialEndsAt!;
    const picker = await pricingLoader(args(await authedRequest(user.id, "/pricing")));
    expect(picker).toMatchObject({ trialDaysLeft: 14, trialKeptUntil: trialEnd.toISOString() });

    const chosen = (await pricingAction(
      args(formRequest(await authedRequest(user.id, "/pricing"), { intent: "checkout", planId: "professional", interval: "month" })),
    )) as Response;
    const sessionId = chosen.headers.get("Location")!.split("/").at(-1)!;
    const here = await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`);
    expect(await checkoutLoader(args(here, { id: sessionId }))).toMatchObject({
      trialDaysLeft: 14,
      trialKeptUntil: trialEnd.toISOString(),
    });
    await checkoutAction(args(formRequest(here, { intent: "pay" }), { id: sessionId }));

    const o = await billingLoader(args(await authedRequest(user.id, "/billing")));
    expect(o.status).toBe("trialing");
    expect(new Date(o.subscription!.currentPeriodEnd!).getTime()).toBe(trialEnd.getTime());
    expect(o.invoices).toEqual([expect.objectContaining({ amount: 0, status: "paid" })]);
    expect(outbox.filter((m) => m.subject.startsWith("Your Atelier receipt"))).toHaveLength(0);
  });

  it("ends the trial when under two days are left, and says so before the payment", async () => {
    const { user, workspace } = await makeOwner();
    await trialEndingSoon(workspace.id);
    const picker = await pricingLoader(args(await authedRequest(user.id, "/pricing")));
    expect(picker).toMatchObject({ trialDaysLeft: 1, trialKeptUntil: null });
  });
});

describe("GET /billing/invoices/:id/pdf", () => {
  it("downloads an invoice listed on /billing as a PDF, for the owner and admins only", async () => {
    const { user, workspace } = await subscribedOwner();
    const o = await billingLoader(args(await authedRequest(user.id, "/billing")));
    const [invoice] = o.invoices!;
    expect(invoice!.pdfUrl).toBe(`/billing/invoices/${invoice!.id}/pdf`);

    const res = await pdfLoader(args(await authedRequest(user.id, invoice!.pdfUrl), { id: invoice!.id }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="atelier-invoice-\d{4}-\d{2}-\d{2}-in_local_[0-9a-f]+\.pdf"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const admin = await makeUser();
    const member = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    await addMember(workspace.id, member.id, "member");
    expect((await pdfLoader(args(await authedRequest(admin.id, invoice!.pdfUrl), { id: invoice!.id }))).status).toBe(200);
    expect((await pdfLoader(args(await authedRequest(member.id, invoice!.pdfUrl), { id: invoice!.id }))).status).toBe(403);
  });

  it("is not found for another workspace's invoice or an unknown id", async () => {
    const { user } = await subscribedOwner();
    const { invoices } = await billingLoader(args(await authedRequest(user.id, "/billing")));
    const stranger = await makeOwner();
    const id = invoices![0]!.id;
    expect((await pdfLoader(args(await authedRequest(stranger.user.id, `/billing/invoices/${id}/pdf`), { id }))).status).toBe(404);
    expect((await pdfLoader(args(await authedRequest(user.id, "/billing/invoices/nope/pdf"), { id: "nope" }))).status).toBe(404);
  });
});
