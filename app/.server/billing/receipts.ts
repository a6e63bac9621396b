import { and, desc, eq } from "drizzle-orm";
import { formatDay } from "~/lib/dates";
import { formatUsdCents, getPlan } from "~/lib/plans";
import { db, schema } from "../db";
import { appLink, sendMail, type Mail } from "../mail";
import { parseLocalPriceId } from "../payments/local";
import { paymentProvider } from "../payments/provider";
import { workspaceOfCustomer } from "../payments/sync";
import type { PaidInvoice } from "../payments/types";
import type { MemberContext } from "../workspaces";
import { requireRead } from "../access";
import { customerOf } from "./subscriptions";

/**
 * Receipts and test mode's invoice PDFs (issue 11: "the owner gets a receipt e-mail after each
 * payment, and invoices can be downloaded as PDF from /billing"). Each owner of the workspace
 * gets the receipt, with dates in their own time zone: in test mode after "Confirm payment"
 * (the local provider's invoices are ours, so the app renders their PDFs), with Stripe on its
 * invoice.paid event (linking Stripe's invoice PDF). A $0 invoice (a kept trial) is no payment.
 */

const { localInvoices, localSubscriptions, memberships, users, workspaces } = schema;

type LocalInvoice = typeof localInvoices.$inferSelect;

/** Where /billing links an invoice's PDF. */
export const invoicePdfPath = (invoiceId: string) => `/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

async function planOfInvoice(invoice: LocalInvoice): Promise<{ name: string; interval: "month" | "year" } | null> {
  if (!invoice.subscriptionId) return null;
  const [sub] = await db()
    .select({ priceId: localSubscriptions.priceId })
    .from(localSubscriptions)
    .where(eq(localSubscriptions.id, invoice.subscriptionId));
  const price = sub ? parseLocalPriceId(sub.priceId) : null;
  const plan = price ? getPlan(price.planId) : undefined;
  return plan && price ? { name: plan.name, interval: price.interval } : null;
}

/** The receipt of a paid invoice, as e-mailed to each owner of the workspace. */
export function receiptMail(input: {
  to: string;
  workspaceName: string;
  planName: string | null;
  amountCents: number;
  paidOn: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  pdfUrl: string | null;
  /** The recipient's time zone (users.time_zone); null: UTC. */
  timeZone?: string | null;
  /** Test mode (the local provider): says no real card was charged. */
  testMode?: boolean;
}): Mail {
  const amount = formatUsdCents(input.amountCents / 100);
  const day = (d: Date) => formatDay(d, input.timeZone);
  const period = input.periodStart && input.periodEnd ? `${day(input.periodStart)} to ${day(input.periodEnd)}` : null;
  const lines = [
    `Thank you: we received your payment of ${amount} for ${input.workspaceName} on ${day(input.paidOn)}.`,
    input.planName || period ? `${[input.planName ? `${input.planName} plan` : null, period].filter(Boolean).join(", ")}.` : null,
    input.pdfUrl ? `The invoice, as a PDF: ${input.pdfUrl}` : "The invoice is on the Billing page.",
    input.testMode ? "Test mode: no real card was charged." : null,
  ].filter((l): l is string => l !== null);
  return {
    to: input.to,
    subject: `Your Atelier receipt: ${amount}`,
    text: `${lines.join("\n\n")}\n\n— Atelier\n`,
    html: lines.map((l) => `<p>${l.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`).join("\n"),
  };
}

/**
 * After a test-mode payment: the receipt of the subscription's newest paid invoice, to every
 * owner of the workspace whose customer paid. A $0 invoice is no payment and sends nothing.
 */
export async function sendLocalReceipt(workspaceId: string, subscriptionId: string): Promise<void> {
  const [invoice] = await db()
    .select()
    .from(localInvoices)
    .where(and(eq(localInvoices.subscriptionId, subscriptionId), eq(localInvoices.status, "paid")))
    .orderBy(desc(localInvoices.createdAt))
    .limit(1);
  if (!invoice || invoice.amountCents <= 0) return;
  const plan = await planOfInvoice(invoice);
  await mailOwners(workspaceId, {
    planName: plan?.name ?? null,
    amountCents: invoice.amountCents,
    paidOn: invoice.createdAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    pdfUrl: appLink(invoicePdfPath(invoice.id)),
    testMode: true,
  });
}

/**
 * Stripe's invoice.paid (after the webhook handled the event once): the receipt to every owner of
 * the customer's workspace, linking Stripe's invoice PDF. A $0 invoice (a kept trial) sends nothing.
 */
export async function sendStripeReceipt(customerId: string, invoice: PaidInvoice): Promise<void> {
  if (invoice.amountCents <= 0) return;
  const workspaceId = await workspaceOfCustomer("stripe", customerId);
  if (!workspaceId) return;
  await mailOwners(workspaceId, {
    planName: invoice.planId ? (getPlan(invoice.planId)?.name ?? null) : null,
    amountCents: invoice.amountCents,
    paidOn: invoice.paidAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    pdfUrl: invoice.pdfUrl,
  });
}

type ReceiptInput = Omit<Parameters<typeof receiptMail>[0], "to" | "workspaceName" | "timeZone">;

/** One receipt per owner of the workspace, each with dates in the owner's time zone. */
async function mailOwners(workspaceId: string, receipt: ReceiptInput): Promise<void> {
  const [workspace] = await db().select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const owners = await db()
    .select({ email: users.email, timeZone: users.timeZone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
  for (const owner of owners) {
    await sendMail(
      receiptMail({ ...receipt, to: owner.email, workspaceName: workspace?.name ?? "your workspace", timeZone: owner.timeZone }),
    );
  }
}

/** A test-mode invoice of the member's workspace as a PDF (owners and admins); anything else is not found. */
export async function localInvoicePdf(member: MemberContext, invoiceId: string): Promise<{ filename: string; pdf: Buffer } | null> {
  requireRead(member, "billing");
  if ((await paymentProvider()).name !== "local") return null;
  const customerId = await customerOf(member.workspace.id);
  if (!customerId) return null;
  const [invoice] = await db()
    .select()
    .from(localInvoices)
    .where(and(eq(localInvoices.id, invoiceId), eq(localInvoices.customerId, customerId)));
  if (!invoice) return null;
  const plan = await planOfInvoice(invoice);
  const date = invoice.createdAt.toISOString().slice(0, 10);
  return { filename: `atelier-invoice-${date}-${invoice.id}.pdf`, pdf: await renderInvoicePdf(member.workspace.name, invoice, plan) };
}

async function renderInvoicePdf(
  workspaceName: string,
  invoice: LocalInvoice,
  plan: { name: string; interval: "month" | "year" } | null,
): Promise<Buffer> {
  // pdfkit is loaded on the first receipt, not at server start (issue 12: about 26 MB).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: `Atelier invoice ${invoice.id}`, Creator: "Atelier" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const amount = `${formatUsdCents(invoice.amountCents / 100)} ${invoice.currency.toUpperCase()}`;
  doc.font("Helvetica-Bold").fontSize(22).text("Atelier");
  doc.moveDown(0.2).font("Helvetica").fontSize(10).fillColor("#475569").text("Invoice (test mode: no real card was charged)");
  doc.moveDown(1.5).fillColor("#0f172a").fontSize(12);
  const rows: [string, string][] = [
    ["Invoice", invoice.id],
    ["Billed to", workspaceName],
    ["Date", formatDay(invoice.createdAt)],
    ["Plan", plan ? `${plan.name}, billed ${plan.interval === "year" ? "yearly" : "monthly"}` : "Subscription"],
    ["Period", `${formatDay(invoice.periodStart)} to ${formatDay(invoice.periodEnd)}`],
    ["Amount", amount],
    ["Status", invoice.status === "paid" ? "Paid" : invoice.status],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font("Helvetica-Bold").text(label, 56, y, { width: 120 });
    doc.font("Helvetica").text(value, 190, y);
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
