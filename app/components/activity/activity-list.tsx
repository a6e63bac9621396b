import { describeActivity } from "~/lib/activity-text";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";

/** One activity row as the loaders hand it to the page (the board, the dashboard, a member's page). */
export type ActivityView = {
  id: number;
  action: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  createdAt: string | Date;
  actorName: string | null;
  actorEmail: string | null;
  actorId?: string | null;
  cardTitle?: string | null;
  cardNumber?: number | null;
};

/** Who did what, and when, as sentences; `withCard` names the card in lists that mix cards. */
export function ActivityList({ items, withCard = false }: { items: ActivityView[]; withCard?: boolean }) {
  const zone = useTimeZone();
  if (items.length === 0) return <p className="mt-2 text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="mt-2 space-y-2">
      {items.map((a) => (
        <li key={a.id} className="text-sm text-slate-700">
          <strong className="font-medium text-slate-900">{a.actorName || a.actorEmail || "Someone"}</strong>{" "}
          {describeActivity(a, { withCard })}
          <span className="block text-xs text-slate-500">
            <time dateTime={new Date(a.createdAt).toISOString()}>{formatDateTime(a.createdAt, zone)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
