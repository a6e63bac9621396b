import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createWebhookSchema, WEBHOOK_TYPES, webhookActionSchema } from "~/lib/webhooks";
import { isUuid } from "~/lib/ids";
import { redirectWithToast } from "~/.server/http/flash";
import { readForm } from "~/.server/http/body";
import { invalid, orErrorPage, parseFormData, replyUserError } from "~/.server/http/submission";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendAgain,
  sendTestEvent,
  setWebhookEnabled,
} from "~/.server/webhooks";
import type { MemberContext } from "~/.server/workspaces";
import { requireMember } from "~/.server/workspaces";

/**
 * /settings/webhooks (issue 22, decision 029): owners and admins add endpoints, see a secret
 * once (when made or rotated), switch endpoints off and on, delete them (`?delete=<id>` asks
 * first, a page of its own so it works without JavaScript), and read an endpoint's delivery
 * log (`?log=<id>`) with "Send again" and "Send test event".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "workspace", "change");
  const params = new URL(request.url).searchParams;
  const endpoints = await orErrorPage(() => listWebhookEndpoints(member));
  const pick = (name: string) => {
    const id = params.get(name);
    return id && isUuid(id) ? (endpoints.find((e) => e.id === id) ?? null) : null;
  };
  const logOf = pick("log");
  return {
    workspaceName: member.workspace.name,
    types: WEBHOOK_TYPES,
    endpoints,
    confirmDelete: pick("delete"),
    log: logOf ? { endpoint: logOf, deliveries: await orErrorPage(() => listDeliveries(member, logOf.id)) } : null,
  };
}

const back = (endpointId?: string) => (endpointId ? `/settings/webhooks?log=${endpointId}` : "/settings/webhooks");

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "workspace", "change");
  const form = await readForm(request);
  if (form.get("intent") === "create") {
    const submission = parseFormData(form, createWebhookSchema);
    if (submission.status !== "success") return invalid(submission);
    try {
      const { id, secret } = await createWebhookEndpoint(member, submission.value);
      // The secret is in this answer only (it is kept to sign, but never shown again).
      return data(
        { secret: { endpointId: id, url: submission.value.url, secret, rotated: false } },
        { headers: { "Cache-Control": "no-store" } },
      );
    } catch (error) {
      return replyUserError(submission, error);
    }
  }
  const submission = parseFormData(form, webhookActionSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    return await perform(member, submission.value);
  } catch (error) {
    return replyUserError(submission, error);
  }
}

async function perform(member: MemberContext, input: ReturnType<typeof webhookActionSchema.parse>) {
  switch (input.intent) {
    case "rotate": {
      const { secret } = await rotateWebhookSecret(member, input.endpointId);
      const [endpoint] = (await listWebhookEndpoints(member)).filter((e) => e.id === input.endpointId);
      return data(
        { secret: { endpointId: input.endpointId, url: endpoint?.url ?? "", secret, rotated: true } },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "disable":
    case "enable": {
      const { url } = await setWebhookEnabled(member, input.endpointId, input.intent === "enable");
      return redirectWithToast(
        back(),
        input.intent === "enable"
          ? { variant: "success", title: "Endpoint switched on", description: `Events go to ${url} again.` }
          : { variant: "success", title: "Endpoint switched off", description: `Nothing is sent to ${url} until you switch it on.` },
        { status: 303 },
      );
    }
    case "delete": {
      const { url } = await deleteWebhookEndpoint(member, input.endpointId);
      return redirectWithToast(
        back(),
        { variant: "success", title: "Endpoint deleted", description: `${url} gets no more events.` },
        { status: 303 },
      );
    }
    case "test":
      await sendTestEvent(member, input.endpointId);
      return redirectWithToast(
        back(input.endpointId),
        { variant: "success", title: "Test event queued", description: "Its answer shows in the delivery log below." },
        { status: 303 },
      );
    case "resend": {
      // One attempt now, in the log; the delivery's own retries go on as they were.
      const sent = await sendAgain(member, input.endpointId, input.deliveryId);
      const answer = sent.status === null ? sent.excerpt : `HTTP ${sent.status}`;
      return redirectWithToast(
        back(input.endpointId),
        sent.ok
          ? { variant: "success", title: "Sent again", description: `The endpoint answered ${answer}. It came with its webhook-id.` }
          : { variant: "error", title: "Sent again, not accepted", description: `The endpoint answered: ${answer}.` },
        { status: 303 },
      );
    }
  }
}
