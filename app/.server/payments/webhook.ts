import { eq } from "drizzle-orm";
import { db, schema } from "../db";
import { sendStripeReceipt } from "../billing/receipts";
import { paymentFailed } from "../notifications/workspace-events";
import { paymentProvider } from "./provider";
import { WebhookSignatureError, type PaymentProvider } from "./types";
import { syncSubscription } from "./sync";

/**
 * A provider's event, as POST /api/stripe/webhook receives it (the route reads the raw
 * body and the signature header; this answers with a status and a JSON body). The signature is checked on the raw body before
 * anything is written; each event id is recorded once (insert … on conflict do
 * nothing: only the request that inserted it goes on, so a duplicate delivery,
 * even a simultaneous one, has no second effect). Handled events re-read the
 * customer's state through syncSubscription, so their order does not matter.
 */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

const { webhookEvents } = schema;

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

export async function receiveWebhook(rawBody: string, signatureHeader: string | null, provider?: PaymentProvider): Promise<WebhookAnswer> {
  const p = provider ?? (await paymentProvider());
  let event;
  try {
    event = await p.verifyWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
      return { status: 400, body: { message: `Webhook signature verification failed: ${error.message}` } };
    }
    throw error;
  }

  const inserted = await db()
    .insert(webhookEvents)
    .values({ id: event.id, provider: p.name, type: event.type })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  if (inserted.length === 0) return { status: 200, body: { received: true, duplicate: true } };

  if (!HANDLED_EVENTS.has(event.type) || !event.customerId) {
    await markProcessed(event.id);
    return { status: 200, body: { received: true, handled: false } };
  }
  try {
    await syncSubscription(event.customerId, p);
  } catch (error) {
    // Forget the event so the provider's retry is processed, and ask for that retry.
    await db().delete(webhookEvents).where(eq(webhookEvents.id, event.id));
    console.warn(
      `[billing] webhook ${event.id} (${event.type}) failed; the provider will retry: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { status: 503, body: { message: "Temporary failure; please retry" } };
  }
  await markProcessed(event.id);
  if (event.type === "invoice.payment_failed") await paymentFailed({ provider: p.name, customerId: event.customerId, eventId: event.id });
  // The owners' receipt (test mode sends its own at "Confirm payment"). Once per event: a
  // duplicate delivery stopped above. The payment stands if the mail fails.
  if (event.type === "invoice.paid" && p.name === "stripe" && event.invoice) {
    await sendStripeReceipt(event.customerId, event.invoice).catch((error: unknown) => {
      console.warn(`[billing] receipt for ${event.invoice!.id} not sent: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return { status: 200, body: { received: true, handled: true } };
}

async function markProcessed(id: string) {
  await db().update(webhookEvents).set({ processedAt: new Date() }).where(eq(webhookEvents.id, id));
}
