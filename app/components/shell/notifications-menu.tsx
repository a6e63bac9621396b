import { Link } from "@remix-run/react";
import { Dropdown } from "./dropdown";
import { ShellIcon } from "./icons";
import { SAMPLE_NOTIFICATIONS, unreadCount, type Notification } from "./sample-notifications";

export function NotificationList({ items }: { items: readonly Notification[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((n) => (
        <li key={n.id} data-unread={n.unread || undefined} className="flex gap-3 px-4 py-3">
          <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${n.unread ? "bg-brand-600" : "bg-transparent"}`} />
          <div className="min-w-0">
            <p className={`text-sm ${n.unread ? "font-semibold text-slate-900" : "text-slate-700"}`}>
              {n.title}
              {n.unread ? <span className="sr-only"> (unread)</span> : null}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">{n.time}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The bell: unread-count badge and a dropdown of the (sample) notifications. */
export function NotificationsMenu() {
  const unread = unreadCount(SAMPLE_NOTIFICATIONS);
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
              {unread}
            </span>
          ) : null}
        </>
      }
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">Notifications</p>
        <p className="text-xs font-medium text-brand-700">{unread} unread</p>
      </div>
      <NotificationList items={SAMPLE_NOTIFICATIONS} />
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
