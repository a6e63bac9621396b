import { z } from "zod";

/**
 * Outgoing webhooks as the settings page and the server both see them (decision 029). The
 * public event types are dotted names of their own (`card.created`), mapped from the domain
 * events in app/.server/webhooks/payload.ts; a receiver subscribes to these.
 */
export const WEBHOOK_TYPES = [
  { type: "card.created", label: "Card created" },
  { type: "card.updated", label: "Card updated" },
  { type: "card.moved", label: "Card moved" },
  { type: "card.deleted", label: "Card deleted" },
  { type: "comment.created", label: "Comment created" },
  { type: "cycle.closed", label: "Cycle closed" },
  { type: "token_version.published", label: "Token version published" },
  { type: "wireframe.shared", label: "Wireframe shared" },
  { type: "member.joined", label: "Member joined" },
  { type: "member.removed", label: "Member removed" },
] as const;

export type WebhookType = (typeof WEBHOOK_TYPES)[number]["type"];

const TYPE_NAMES = WEBHOOK_TYPES.map((t) => t.type) as [WebhookType, ...WebhookType[]];

/** The form of /settings/webhooks that adds an endpoint. */
export const createWebhookSchema = z.object({
  intent: z.literal("create"),
  url: z
    .string({ error: "Give the endpoint's URL." })
    .trim()
    .max(2000, { error: "Keep the URL under 2,000 characters." })
    .pipe(z.url({ protocol: /^https?$/, error: "Give a full URL, starting with https://." })),
  description: z.string().trim().max(200, { error: "Keep the description under 200 characters." }).default(""),
  kinds: z.array(z.enum(TYPE_NAMES), { error: "Choose at least one event." }).min(1, { error: "Choose at least one event." }),
});

/** The page's other buttons, each naming its endpoint (and "Send again" its delivery). */
export const webhookActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rotate"), endpointId: z.uuid() }),
  z.object({ intent: z.literal("disable"), endpointId: z.uuid() }),
  z.object({ intent: z.literal("enable"), endpointId: z.uuid() }),
  z.object({ intent: z.literal("delete"), endpointId: z.uuid() }),
  z.object({ intent: z.literal("test"), endpointId: z.uuid() }),
  z.object({ intent: z.literal("resend"), endpointId: z.uuid(), deliveryId: z.uuid() }),
]);
