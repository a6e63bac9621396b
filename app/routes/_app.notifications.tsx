import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { NotificationList } from "~/components/shell/notifications-menu";
import { ScreenHeader, screenMeta } from "~/components/shell/screen";
import type { loader } from "./_app.notifications.server";

export { action, loader } from "./_app.notifications.server";

export const meta: MetaFunction = screenMeta("Notifications");

/** 'View All Notifications' leads here: every notification, twenty a page, all or unread only, mark read one by one or all at once. */
export default function Notifications() {
  const { items, page, pages, total, unread, unreadOnly } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const q = (p: number) =>
    `?${new URLSearchParams({ ...(unreadOnly ? { filter: "unread" } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <>
      <ScreenHeader title="Notifications" description={`Updates from your projects and your team. ${unread} unread.`} />
      <div className="mb-3 flex max-w-2xl flex-wrap items-center justify-between gap-2">
        <nav aria-label="Filter notifications" className="flex gap-1">
          <Link to="/notifications" className={tab(!unreadOnly)} aria-current={!unreadOnly ? "page" : undefined}>
            All
          </Link>
          <Link to="/notifications?filter=unread" className={tab(unreadOnly)} aria-current={unreadOnly ? "page" : undefined}>
            Unread ({unread})
          </Link>
        </nav>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <section
        aria-label="All notifications"
        aria-busy={busy}
        className="max-w-2xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {items.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">
            {unreadOnly
              ? "Nothing unread. You are all caught up."
              : "No notifications yet. Assignments, mentions and comments on your cards show up here."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((n) => (
              <li key={n.id} className="flex items-start justify-between gap-3 pr-4">
                <div className="min-w-0 flex-1">
                  <NotificationList items={[n]} />
                </div>
                <Form method="post" className="pt-3">
                  <input type="hidden" name="intent" value={n.unread ? "mark-read" : "mark-unread"} />
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" className="text-xs font-medium whitespace-nowrap text-brand-700 hover:underline">
                    {n.unread ? "Mark as read" : "Mark as unread"}
                    <span className="sr-only">: {n.title}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex max-w-2xl items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={q(page - 1)} className="font-medium text-brand-700 hover:underline">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {page} of {pages} · {total} in all
          </span>
          {page < pages ? (
            <Link to={q(page + 1)} className="font-medium text-brand-700 hover:underline">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
