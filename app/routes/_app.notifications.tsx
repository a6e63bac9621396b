import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { NotificationList } from "~/components/shell/notifications-menu";
import { SAMPLE_NOTIFICATIONS, unreadCount } from "~/components/shell/sample-notifications";
import { ScreenHeader, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Notifications");

/** 'View All Notifications' leads here. The list is the spec's fixed sample until notifications are built. */
export default function Notifications() {
  return (
    <>
      <ScreenHeader
        title="Notifications"
        description={`Updates from your projects and your team. ${unreadCount(SAMPLE_NOTIFICATIONS)} unread.`}
      />
      <section aria-label="All notifications" className="max-w-2xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <NotificationList items={SAMPLE_NOTIFICATIONS} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
