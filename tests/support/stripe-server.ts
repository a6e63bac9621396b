import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { PLANS, priceFor } from "~/lib/plans";

/**
 * A small in-memory server speaking the Stripe endpoints the adapter calls
 * (customers, prices, checkout sessions, billing portal sessions, subscriptions
 * list/retrieve/update/cancel), so tests drive the real `stripe` SDK through
 * STRIPE_API_BASE. Test-side helpers play Stripe's part: complete a checkout, change
 * a subscription, build events and sign them as Stripe does.
 */
type Obj = Record<string, unknown>;
type Sub = Obj & { id: string; customer: string; status: string; items: { data: Obj[] } };

const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

/** Stripe's form encoding: a[b][0][c]=v, nested; objects keyed 0..n become arrays. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((s) => s !== "");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== "object") return v;
    const o = v as Obj;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => mapped[k]) : mapped;
  };
  return arrays(root) as Obj;
}

export type RecordedRequest = { method: string; path: string; params: Obj };

export class StripeTestServer {
  readonly secretKey = "sk_test_atelier_local";
  readonly webhookSecret = "whsec_atelier_local_test";
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Sub>();
  readonly portalConfigurations = new Map<string, Obj>();
  /** Paid at each completed checkout, as Stripe bills a subscription's first period. */
  readonly invoices = new Map<string, Obj>();
  /** The next n API requests answer 500 (a Stripe outage). */
  failNext = 0;
  private server: Server | undefined;
  private sdk = new Stripe("sk_test_signing_only");
  baseUrl = "";

  /** `{ catalogue: false }`: an empty account (no prices), as `npm run stripe:setup` finds it. */
  constructor(options: { catalogue?: boolean } = {}) {
    if (options.catalogue === false) return;
    for (const plan of PLANS) {
      for (const interval of ["month", "year"] as const) {
        const id = `price_${plan.id}_${interval}`;
        this.prices.set(id, {
          id,
          object: "price",
          active: true,
          currency: "usd",
          unit_amount: priceFor(plan, interval) * 100,
          lookup_key: `${plan.id}_${interval}`,
          recurring: { interval, interval_count: 1 },
          metadata: { plan_id: plan.id },
          product: `prod_${plan.id}`,
          type: "recurring",
        });
      }
    }
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => this.send(res, 500, { error: { message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests whose method and path match, e.g. count("GET", "/v1/subscriptions"). */
  count(method: string, path: string): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
    res.end(JSON.stringify(body));
  }

  private notFound(res: ServerResponse, what: string) {
    this.send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const params = req.method === "GET" || req.method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const method = req.method ?? "GET";
    this.requests.push({ method, path: url.pathname, params });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return this.send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (this.failNext > 0) {
      this.failNext--;
      return this.send(res, 500, { error: { type: "api_error", message: "Simulated outage" } });
    }
    const rel = url.pathname.replace(/^\/v1\//, "");
    const resource = [
      "checkout/sessions",
      "billing_portal/sessions",
      "billing_portal/configurations",
      "customers",
      "prices",
      "products",
      "subscriptions",
      "invoices",
    ].find((r) => rel === r || rel.startsWith(`${r}/`));
    const id = resource && rel.length > resource.length ? rel.slice(resource.length + 1) : undefined;
    const route = `${method} ${resource ?? rel}${id ? "/:id" : ""}`;

    switch (route) {
      case "POST customers": {
        const customer = {
          id: newId("cus"),
          object: "customer",
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          created: now(),
        };
        this.customers.set(customer.id, customer);
        return this.send(res, 200, customer);
      }
      case "GET prices": {
        const keys = (params.lookup_keys as string[] | undefined) ?? [];
        const found = [...this.prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string));
        return this.send(res, 200, list(found.slice(0, Number(params.limit ?? 10)), "/v1/prices"));
      }
      case "POST products": {
        const product = {
          id: newId("prod"),
          object: "product",
          active: true,
          name: params.name,
          description: params.description ?? null,
          metadata: params.metadata ?? {},
          created: now(),
        };
        this.products.set(product.id, product);
        return this.send(res, 200, product);
      }
      case "POST prices": {
        if (!this.products.has(params.product as string)) return this.notFound(res, `product: '${params.product}'`);
        const recurring = params.recurring as Obj | undefined;
        const price = {
          id: newId("price"),
          object: "price",
          active: true,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          lookup_key: params.lookup_key ?? null,
          recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) } : null,
          metadata: params.metadata ?? {},
          product: params.product,
          type: recurring ? "recurring" : "one_time",
        };
        this.prices.set(price.id, price);
        return this.send(res, 200, price);
      }
      case "GET prices/:id": {
        const price = this.prices.get(id!);
        return price ? this.send(res, 200, price) : this.notFound(res, `price: '${id}'`);
      }
      case "POST checkout/sessions": {
        const lineItems = (params.line_items as Obj[] | undefined) ?? [];
        if (!this.customers.has(params.customer as string)) return this.notFound(res, `customer: '${params.customer}'`);
        if (!lineItems[0] || !this.prices.has(lineItems[0].price as string)) return this.notFound(res, "price");
        const sessionId = newId("cs");
        const session = {
          id: sessionId,
          object: "checkout.session",
          mode: params.mode,
          customer: params.customer,
          status: "open",
          url: `${this.baseUrl}/pay/${sessionId}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          allow_promotion_codes: params.allow_promotion_codes === "true",
          metadata: params.metadata ?? {},
          subscription: null,
          line_items_price: lineItems[0].price,
          subscription_metadata: (params.subscription_data as Obj | undefined)?.metadata ?? {},
          // A kept trial: the subscription trials until then and its first invoice is $0.
          subscription_trial_end: Number((params.subscription_data as Obj | undefined)?.trial_end ?? 0) || null,
        };
        this.sessions.set(sessionId, session);
        return this.send(res, 200, session);
      }
      case "POST billing_portal/sessions": {
        if (!this.customers.has(params.customer as string)) return this.notFound(res, `customer: '${params.customer}'`);
        if (params.configuration && !this.portalConfigurations.has(params.configuration as string)) {
          return this.notFound(res, `billing_portal.configuration: '${params.configuration}'`);
        }
        const portalId = newId("bps");
        return this.send(res, 200, {
          id: portalId,
          object: "billing_portal.session",
          customer: params.customer,
          configuration: params.configuration ?? "bpc_default",
          return_url: params.return_url,
          url: `${this.baseUrl}/portal/${portalId}`,
        });
      }
      case "GET billing_portal/configurations": {
        const found = [...this.portalConfigurations.values()].filter(
          (c) => params.active === undefined || String(c.active) === params.active,
        );
        return this.send(res, 200, list(found, "/v1/billing_portal/configurations"));
      }
      case "POST billing_portal/configurations": {
        const config = {
          id: newId("bpc"),
          object: "billing_portal.configuration",
          active: true,
          is_default: false,
          business_profile: params.business_profile ?? {},
          features: params.features ?? {},
          metadata: params.metadata ?? {},
        };
        this.portalConfigurations.set(config.id, config);
        return this.send(res, 200, config);
      }
      case "POST billing_portal/configurations/:id": {
        const config = this.portalConfigurations.get(id!);
        if (!config) return this.notFound(res, `billing_portal.configuration: '${id}'`);
        Object.assign(config, params.features ? { features: params.features } : {});
        return this.send(res, 200, config);
      }
      case "GET subscriptions": {
        const found = [...this.subscriptions.values()]
          .filter((s) => !params.customer || s.customer === params.customer)
          .filter((s) => params.status === "all" || s.status !== "canceled")
          .sort((a, b) => (b.created as number) - (a.created as number));
        return this.send(res, 200, list(found, "/v1/subscriptions"));
      }
      case "GET invoices": {
        const found = [...this.invoices.values()]
          .filter((i) => !params.customer || i.customer === params.customer)
          .sort((a, b) => (b.created as number) - (a.created as number));
        return this.send(res, 200, list(found.slice(0, Number(params.limit ?? 10)), "/v1/invoices"));
      }
      case "GET subscriptions/:id":
      case "POST subscriptions/:id":
      case "DELETE subscriptions/:id": {
        const sub = this.subscriptions.get(id!);
        if (!sub) return this.notFound(res, `subscription: '${id}'`);
        if (method === "POST" && "cancel_at_period_end" in params) sub.cancel_at_period_end = params.cancel_at_period_end === "true";
        if (method === "DELETE")
          Object.assign(sub, { status: "canceled", canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
        return this.send(res, 200, sub);
      }
      default:
        return this.send(res, 404, {
          error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname})` },
        });
    }
  }

  /** What Stripe does when the buyer pays: the session completes and a subscription starts. */
  completeCheckout(sessionId: string, status = "active"): { session: Obj; subscription: Sub } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const price = this.prices.get(session.line_items_price as string)!;
    const start = now();
    const days = (price.recurring as Obj).interval === "year" ? 365 : 30;
    const trialEnd = session.subscription_trial_end as number | null;
    const periodEnd = trialEnd ?? start + days * 86_400;
    const subscription: Sub = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer as string,
      status: trialEnd ? "trialing" : status,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      metadata: session.subscription_metadata as Obj,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
    } as Sub;
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: "complete", subscription: subscription.id });
    const invoiceId = newId("in");
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      subscription: subscription.id,
      status: "paid",
      amount_paid: trialEnd ? 0 : price.unit_amount,
      amount_due: trialEnd ? 0 : price.unit_amount,
      currency: price.currency,
      created: start,
      status_transitions: { paid_at: start },
      lines: { object: "list", data: [{ id: newId("il"), object: "line_item", period: { start, end: periodEnd }, price }] },
      parent: { subscription_details: { metadata: session.subscription_metadata, subscription: subscription.id } },
      invoice_pdf: `${this.baseUrl}/invoice/${invoiceId}/pdf`,
      hosted_invoice_url: `${this.baseUrl}/invoice/${invoiceId}`,
    });
    return { session, subscription };
  }

  /** Stripe-side changes (a failed payment, a plan change in the portal, …). */
  updateSubscription(id: string, patch: { status?: string; priceId?: string; cancel_at_period_end?: boolean }) {
    const sub = this.subscriptions.get(id)!;
    if (patch.status) sub.status = patch.status;
    if (patch.cancel_at_period_end !== undefined) sub.cancel_at_period_end = patch.cancel_at_period_end;
    if (patch.priceId) sub.items.data[0]!.price = this.prices.get(patch.priceId)!;
    return structuredClone(sub);
  }

  /** A Stripe event carrying a snapshot of `object`. */
  event(type: string, object: Obj): Obj & { id: string } {
    return {
      id: newId("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  /** The POST Stripe would send to the webhook endpoint, signed with `secret` (default: the right one). */
  delivery(event: Obj, options: { secret?: string; timestamp?: number; url?: string } = {}): Request {
    const payload = JSON.stringify(event);
    const signature = this.sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp,
    });
    return new Request(options.url ?? "http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
  }
}
