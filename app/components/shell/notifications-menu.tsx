import { Form, Link, useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import type { NotificationView } from "~/lib/notifications";
import { Dropdown } from "./dropdown";
import { ShellIcon } from "./icons";

type Bell = { unread: number; latest: NotificationView[] };

/** "5 minutes ago", with the full date on hover and for screen readers. */
export function RelativeTime({ value }: { value: string | Date }) {
  const zone = useTimeZone();
  const full = formatDateTime(value, zone);
  return (
    <time dateTime={new Date(value).toISOString()} title={full} suppressHydrationWarning>
      <span aria-hidden="true" suppressHydrationWarning>
        {formatRelative(value, undefined, zone)}
      </span>
      <span className="sr-only">{full}</span>
    </time>
  );
}

/**
 * One notification: its title is a button of a small form that marks it read and goes to its
 * target (a plain post, so it works without JavaScript).
 */
export function NotificationList({ items, empty = "You are all caught up." }: { items: readonly NotificationView[]; empty?: string }) {
  if (items.length === 0) return <p className="px-4 py-6 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((n) => (
        <li key={n.id} data-unread={n.unread || undefined} className="flex gap-3 px-4 py-3">
          <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${n.unread ? "bg-brand-600" : "bg-transparent"}`} />
          <div className="min-w-0">
            <Form method="post" action="/notifications">
              <input type="hidden" name="intent" value="open" />
              <input type="hidden" name="id" value={n.id} />
              <button
                type="submit"
                className={`text-left text-sm hover:underline ${n.unread ? "font-semibold text-slate-900" : "text-slate-700"}`}
              >
                {n.title}
                {n.unread ? <span className="sr-only"> (unread)</span> : null}
              </button>
            </Form>
            {n.excerpt ? <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{n.excerpt}</p> : null}
            <p className="mt-0.5 text-xs text-slate-500">
              <RelativeTime value={n.createdAt} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The bell: the real unread count and the latest notifications, from the signed-in layout's
 * loader; the user's live stream says when either changed, and the bell fetches them again.
 */
export function NotificationsMenu() {
  const layout = useRouteLoaderData<{ notifications: Bell }>("routes/_app");
  const fetcher = useFetcher<Bell>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/notifications/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("change", () => {
      clearTimeout(timer);
      timer = setTimeout(() => load.current("/api/notifications"), 150);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
  // The layout's data is fresh after every navigation; the fetcher's after a live event.
  const bell = fetcher.data ?? layout?.notifications ?? { unread: 0, latest: [] };
  const unread = bell.unread;
  return (
    <Dropdown
      summaryLabel={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      summaryClassName="relative size-10 justify-center text-slate-600 hover:text-slate-900"
      panelClassName="w-80"
      summary={
        <>
          <ShellIcon name="bell" className="size-6" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </>
      }
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">Notifications</p>
        <p className="text-xs font-medium text-brand-700">{unread} unread</p>
      </div>
      <NotificationList items={bell.latest} />
      <div className="border-t border-slate-100 p-2">
        <Link
          to="/notifications"
          className="block w-full rounded-lg px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          View All Notifications
        </Link>
      </div>
    </Dropdown>
  );
}
