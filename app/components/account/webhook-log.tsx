import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { useTimeZone } from "~/components/time-zone";
import { formatDateTime } from "~/lib/dates";

export type DeliveryRow = {
  id: string;
  type: string;
  messageId: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string | Date;
  createdAt: string | Date;
  last: {
    at: string | Date;
    ok: boolean;
    responseStatus: number | null;
    responseExcerpt: string;
    durationMs: number;
    manual: boolean;
  } | null;
};

const STATUS: Record<DeliveryRow["status"], { label: string; tone: string }> = {
  pending: { label: "Retrying", tone: "text-amber-800" },
  delivered: { label: "Delivered", tone: "text-emerald-800" },
  failed: { label: "Failed", tone: "text-red-700" },
};

/** An endpoint's latest deliveries: status, time, attempt, response code, the answer's first bytes, duration; "Send again". */
export function WebhookLog({ endpoint, deliveries }: { endpoint: { id: string; url: string }; deliveries: DeliveryRow[] }) {
  const zone = useTimeZone();
  return (
    <section aria-labelledby="log-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="delivery-log">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="log-h" className="text-base font-semibold break-all text-slate-900">
          Delivery log of {endpoint.url}
        </h2>
        <Link to="/settings/webhooks" className="text-sm font-medium text-brand-700 hover:underline">
          Close log
        </Link>
      </div>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-deliveries">
          Nothing sent yet. Events you subscribed to show here, or use “Send test event”.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Deliveries">
          {deliveries.map((d) => {
            const status = STATUS[d.status];
            return (
              <li key={d.id} className="py-3" data-testid="delivery">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="text-sm text-slate-900">
                    <code>{d.type}</code> <span className={`ml-1 font-medium ${status.tone}`}>{status.label}</span>
                  </p>
                  <Form method="post" action="/settings/webhooks">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="endpointId" value={endpoint.id} />
                    <input type="hidden" name="deliveryId" value={d.id} />
                    <button type="submit" className={buttonClass("secondary", "sm")} aria-label={`Send again: ${d.type} ${d.messageId}`}>
                      Send again
                    </button>
                  </Form>
                </div>
                <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-slate-600">webhook-id</dt>
                  <dd className="font-mono text-xs break-all text-slate-900">{d.messageId}</dd>
                  <dt className="text-slate-600">Queued</dt>
                  <dd className="text-slate-900">{formatDateTime(d.createdAt, zone)}</dd>
                  <dt className="text-slate-600">Attempts</dt>
                  <dd className="text-slate-900">
                    {d.attempts}
                    {d.status === "pending" && d.attempts > 0 ? `; next ${formatDateTime(d.nextAttemptAt, zone)}` : ""}
                  </dd>
                  {d.last ? (
                    <>
                      <dt className="text-slate-600">Last answer</dt>
                      <dd className="text-slate-900">
                        {d.last.responseStatus ?? "No answer"} at {formatDateTime(d.last.at, zone)}, {d.last.durationMs} ms
                        {d.last.manual ? " (sent again by hand)" : ""}
                      </dd>
                      {d.last.responseExcerpt ? (
                        <>
                          <dt className="text-slate-600">Body</dt>
                          <dd>
                            <pre className="max-h-24 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-800">
                              {d.last.responseExcerpt}
                            </pre>
                          </dd>
                        </>
                      ) : null}
                    </>
                  ) : null}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
