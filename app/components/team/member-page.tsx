import { Link } from "@remix-run/react";
import { ActivityList, type ActivityView } from "~/components/activity/activity-list";
import { PRIORITY_LABELS, type Priority, type StateGroup, dueState } from "~/lib/board";
import type { FormReply } from "~/components/ui/conform";
import { calendarDay, formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { ROLE_LABELS, type Role } from "~/lib/permissions";
import { RoleForm, TeamError } from "./team-page";

export type WorkItem = {
  id: string;
  number: number;
  title: string;
  priority: Priority;
  dueDate: string | null;
  projectId: string;
  projectName: string;
  columnName: string;
  /** What the card's column counts as: a finished card is never overdue. */
  stateGroup: StateGroup;
};

export function WorkList({ items, empty }: { items: WorkItem[]; empty: string }) {
  const zone = useTimeZone();
  const today = calendarDay(new Date(), zone);
  if (items.length === 0) return <p className="mt-2 text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((w) => {
        const due = dueState(w.dueDate, w.stateGroup, today);
        return (
          <li key={w.id} className="flex flex-wrap items-center gap-2 px-4 py-2.5 text-sm">
            {/* On a phone the title takes its own line (squeezed beside the details, its words ran over them). */}
            <Link
              to={`/projects/${w.projectId}?task=${w.id}`}
              className="min-w-0 basis-full font-medium [overflow-wrap:anywhere] text-slate-900 hover:underline sm:flex-1 sm:basis-0"
            >
              <span className="text-slate-500">#{w.number}</span> {w.title}
            </Link>
            <span className="text-xs text-slate-500">
              {w.projectName} · {w.columnName}
            </span>
            {w.priority !== "none" ? <span className="text-xs text-slate-600">{PRIORITY_LABELS[w.priority]}</span> : null}
            {w.dueDate ? (
              <span className={`text-xs ${due === "overdue" ? "font-semibold text-red-700" : "text-slate-600"}`}>
                {due === "overdue" ? "Overdue · " : "Due "}
                <time dateTime={w.dueDate}>{formatDay(w.dueDate, zone)}</time>
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export type MemberPageData = {
  person: { id: string; email: string; fullName: string; role: Role; joinedAt: string | Date };
  work: WorkItem[];
  activity: ActivityView[];
  me: string;
  assignable: Role[];
  can: { changeRoles: boolean; remove: boolean };
};

export function MemberPage({ data, reply }: { data: MemberPageData; reply: FormReply | undefined }) {
  const zone = useTimeZone();
  const { person } = data;
  const name = person.fullName || person.email.split("@")[0] || "User";
  return (
    <div className="space-y-8">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link to="/team" className="hover:underline">
            Team
          </Link>{" "}
          /
        </nav>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">{name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {person.email} · {ROLE_LABELS[person.role]} · joined {formatDay(person.joinedAt, zone)}
        </p>
      </div>
      <TeamError reply={reply} />
      {data.can.changeRoles && person.id !== data.me ? (
        <RoleForm id="member-role" person={person} name={name} roles={data.assignable} />
      ) : null}
      <section aria-labelledby="work-h">
        <h2 id="work-h" className="text-lg font-semibold text-slate-900">
          Assigned work
        </h2>
        <WorkList items={data.work} empty={`Nothing open is assigned to ${name}.`} />
      </section>
      <section aria-labelledby="activity-h">
        <h2 id="activity-h" className="text-lg font-semibold text-slate-900">
          Recent activity
        </h2>
        <ActivityList items={data.activity} withCard />
      </section>
    </div>
  );
}
