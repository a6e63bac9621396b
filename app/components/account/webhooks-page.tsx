import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, type FormReply, fieldProps, messageOf, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { useTimeZone } from "~/components/time-zone";
import { formatDateTime } from "~/lib/dates";
import { createWebhookSchema } from "~/lib/webhooks";
import { ConfirmPanel, SettingsSubpageHeader } from "./settings-subpage";
import { ShownOnceField } from "./shown-once-field";
import { WebhookLog, type DeliveryRow } from "./webhook-log";

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  kinds: string[];
  secretHint: string;
  previousExpiresAt: string | Date | null;
  disabledAt: string | Date | null;
  disabledReason: "manual" | "failing" | null;
  failingSince: string | Date | null;
  createdAt: string | Date;
};

export type WebhooksPageData = {
  workspaceName: string;
  types: readonly { type: string; label: string }[];
  endpoints: EndpointRow[];
  confirmDelete: EndpointRow | null;
  log: { endpoint: EndpointRow; deliveries: DeliveryRow[] } | null;
};

type ShownSecret = { endpointId: string; url: string; secret: string; rotated: boolean };

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const linkClass = "font-medium text-brand-700 hover:underline";

/** /settings/webhooks: the endpoints, a secret shown once, deleting with a confirmation, an endpoint's delivery log, and a new endpoint. */
export function WebhooksPage({
  data,
  reply,
  secret,
}: {
  data: WebhooksPageData;
  reply: FormReply | undefined;
  secret: ShownSecret | null;
}) {
  return (
    <div className="max-w-3xl space-y-8">
      <SettingsSubpageHeader title="Webhooks">
        Atelier posts the events you choose in {data.workspaceName} to your HTTPS endpoints, signed as the{" "}
        <a href="https://www.standardwebhooks.com" className={linkClass}>
          Standard Webhooks
        </a>{" "}
        specification says (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>). A delivery that fails
        is retried for 24 hours; an endpoint that fails for a whole day is switched off and the owners are told.
      </SettingsSubpageHeader>
      {secret ? <ShownSecretPanel shown={secret} /> : null}
      {data.confirmDelete ? <ConfirmDelete row={data.confirmDelete} /> : null}
      <EndpointList data={data} />
      {data.log ? <WebhookLog endpoint={data.log.endpoint} deliveries={data.log.deliveries} /> : null}
      <NewEndpoint types={data.types} reply={reply} />
    </div>
  );
}

function ShownSecretPanel({ shown }: { shown: ShownSecret }) {
  return (
    <section aria-labelledby="secret-h" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5" data-testid="webhook-secret">
      <h2 id="secret-h" className="text-base font-semibold text-emerald-900">
        {shown.rotated ? "New signing secret" : "Endpoint added"}
      </h2>
      <p className="mt-1 text-sm break-all text-emerald-900">
        The signing secret of {shown.url}. Copy it now: it is shown only this once.
        {shown.rotated ? " The previous secret keeps signing too for 24 hours, so you can switch your receiver over." : ""}
      </p>
      <ShownOnceField id="webhook-secret" label="The signing secret" value={shown.secret} noun="secret" />
    </section>
  );
}

function ConfirmDelete({ row }: { row: EndpointRow }) {
  return (
    <ConfirmPanel
      id="delete"
      title={`Delete the endpoint ${row.url}?`}
      body="It gets no more events, and its delivery log goes with it. This cannot be undone."
      action="/settings/webhooks"
      fields={{ intent: "delete", endpointId: row.id }}
      confirm="Delete endpoint"
      testId="confirm-delete"
    />
  );
}

function stateOf(e: EndpointRow, zone: string | null): { text: string; tone: string } {
  if (e.disabledReason === "failing")
    return { text: `Switched off ${formatDateTime(e.disabledAt!, zone)} after a day of failures`, tone: "text-red-700" };
  if (e.disabledAt) return { text: "Off", tone: "text-slate-700" };
  if (e.failingSince) return { text: `On, failing since ${formatDateTime(e.failingSince, zone)}`, tone: "text-amber-800" };
  return { text: "On", tone: "text-emerald-800" };
}

/** One small form per button: each works without JavaScript. */
function ActionButton({ endpoint, intent, label }: { endpoint: EndpointRow; intent: string; label: string }) {
  return (
    <Form method="post" action="/settings/webhooks">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="endpointId" value={endpoint.id} />
      <button type="submit" className={buttonClass("secondary", "sm")} aria-label={`${label}: ${endpoint.url}`}>
        {label}
      </button>
    </Form>
  );
}

function EndpointList({ data }: { data: WebhooksPageData }) {
  const zone = useTimeZone();
  const labelOf = new Map(data.types.map((t) => [t.type, t.label]));
  return (
    <section aria-labelledby="endpoints-h" className={card}>
      <h2 id="endpoints-h" className="text-base font-semibold text-slate-900">
        Endpoints
      </h2>
      {data.endpoints.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-endpoints">
          No endpoints yet. Add one below to receive events.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Webhook endpoints">
          {data.endpoints.map((e) => {
            const state = stateOf(e, zone);
            return (
              <li key={e.id} className="py-3" data-testid="webhook-endpoint">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-mono text-sm break-all text-slate-900">{e.url}</p>
                    {e.description ? <p className="mt-0.5 text-sm text-slate-700">{e.description}</p> : null}
                  </div>
                  <span className={`text-sm font-medium ${state.tone}`} data-testid="endpoint-state">
                    {state.text}
                  </span>
                </div>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-slate-600">Events</dt>
                  <dd className="text-slate-900">{e.kinds.map((k) => labelOf.get(k) ?? k).join(", ")}</dd>
                  <dt className="text-slate-600">Secret</dt>
                  <dd className="font-mono text-slate-900">
                    {e.secretHint}
                    {e.previousExpiresAt ? (
                      <span className="ml-2 font-sans text-slate-600">
                        (the previous one signs too until {formatDateTime(e.previousExpiresAt, zone)})
                      </span>
                    ) : null}
                  </dd>
                </dl>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <Link
                    to={`/settings/webhooks?log=${e.id}`}
                    className={buttonClass("secondary", "sm")}
                    aria-label={`Delivery log: ${e.url}`}
                  >
                    Delivery log
                  </Link>
                  <ActionButton endpoint={e} intent="test" label="Send test event" />
                  <ActionButton endpoint={e} intent="rotate" label="Rotate secret" />
                  <ActionButton
                    endpoint={e}
                    intent={e.disabledAt ? "enable" : "disable"}
                    label={e.disabledAt ? "Switch on" : "Switch off"}
                  />
                  <Link
                    to={`/settings/webhooks?delete=${e.id}`}
                    className="text-sm font-medium text-red-700 hover:underline"
                    aria-label={`Delete ${e.url}`}
                  >
                    Delete
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function NewEndpoint({ types, reply }: { types: WebhooksPageData["types"]; reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(createWebhookSchema, {
    id: "webhook-new",
    lastResult: replyFor(reply, "create"),
    shouldValidate: "onSubmit",
  });
  const kindsError = messageOf(fields.kinds);
  // After a refused submission the page comes back from the server: keep what was ticked.
  const ticked = new Set([fields.kinds.initialValue ?? []].flat().map(String));
  return (
    <section aria-labelledby="new-endpoint-h" className={card}>
      <h2 id="new-endpoint-h" className="text-base font-semibold text-slate-900">
        Add an endpoint
      </h2>
      <Form method="post" action="/settings/webhooks" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <FormErrors form={form} />
        <Field label="URL" hint="https://… where your receiver listens." autoComplete="off" {...fieldProps(fields.url, { type: "url" })} />
        <Field
          label="Description (optional)"
          hint="What receives it, e.g. “Deploy bot”."
          autoComplete="off"
          {...fieldProps(fields.description, { type: "text" })}
        />
        <fieldset aria-describedby={kindsError ? "webhook-kinds-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {types.map((t) => (
              <label key={t.type} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="kinds" value={t.type} defaultChecked={ticked.has(t.type)} />
                <span>
                  {t.label} <code className="text-xs text-slate-500">{t.type}</code>
                </span>
              </label>
            ))}
          </div>
          {kindsError ? (
            <div className="mt-2" id="webhook-kinds-error">
              <FormMessage tone="error">{kindsError}</FormMessage>
            </div>
          ) : null}
        </fieldset>
        <button type="submit" className={buttonClass("primary", "md")}>
          Add endpoint
        </button>
      </Form>
    </section>
  );
}
