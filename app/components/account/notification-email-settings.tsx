import { Form, useNavigation } from "@remix-run/react";
import { choicesOf, KIND_INFO, NOTIFICATION_KINDS, type EmailChoice, type NotificationKind } from "~/lib/notifications";

/**
 * /settings, "E-mail notifications": for each kind, right away, in the daily digest, or off.
 * A plain form to /settings/notifications (works without JavaScript). Each e-mail also has a
 * one-click unsubscribe link for its kind.
 */
export function NotificationEmailSettings({ choices }: { choices: Record<NotificationKind, EmailChoice> }) {
  const busy = useNavigation().formAction === "/settings/notifications";
  return (
    <section id="notifications" aria-labelledby="notifications-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="notifications-h" className="text-base font-semibold text-slate-900">
        E-mail notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every notification shows under the bell. Choose which ones also reach you by e-mail. You never get e-mail about your own actions.
      </p>
      <Form method="post" action="/settings/notifications" className="mt-4 space-y-3">
        {NOTIFICATION_KINDS.map((kind) => (
          <div key={kind} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
            <label htmlFor={`email-${kind}`} className="text-sm text-slate-800">
              {KIND_INFO[kind].label}
            </label>
            <select
              id={`email-${kind}`}
              name={kind}
              defaultValue={choices[kind]}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:w-44"
            >
              {choicesOf(kind).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {busy ? "Saving…" : "Save e-mail choices"}
        </button>
      </Form>
    </section>
  );
}
