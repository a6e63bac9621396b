import { Link } from "@remix-run/react";
import type { ProjectOverview } from "~/lib/analytics";
import type { Insight } from "~/lib/insights";

/** The workspace overview: per project, cards finished in the last 4 weeks, work in progress, overdue. */
export function WorkspaceOverview({
  projects,
  query,
  atRisk = [],
}: {
  projects: ProjectOverview[];
  query: (projectId: string) => string;
  /** Cycle-at-risk insights, shown under their project. */
  atRisk?: Insight[];
}) {
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="text-lg font-semibold text-slate-900">
        Workspace overview
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((p) => (
          <li key={p.id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <Link to={`/analytics?${query(p.id)}#project-flow`} className="block truncate font-medium text-brand-700 hover:underline">
              {p.name}
            </Link>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
              <Stat label="Finished, last 4 weeks" value={p.throughput4w} />
              <Stat label="In progress" value={p.wip} />
              <Stat label="Overdue" value={p.overdue} tone={p.overdue > 0 ? "text-red-700" : undefined} />
            </dl>
            <AtRisk insights={atRisk.filter((i) => i.projectId === p.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="flex flex-col-reverse rounded-lg bg-slate-50 px-2 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`text-xl font-semibold tabular-nums ${tone ?? "text-slate-900"}`}>{value}</dd>
    </div>
  );
}

/** The project's cycles at risk (the forecast gives them under a 70 % chance of finishing on time). */
function AtRisk({ insights }: { insights: Insight[] }) {
  if (insights.length === 0) return <p className="mt-2 text-xs text-slate-600">No cycles at risk.</p>;
  return (
    <ul className="mt-2 space-y-1 text-xs text-red-700" aria-label="Cycles at risk">
      {insights.map((i) => (
        <li key={i.id}>{i.title}</li>
      ))}
    </ul>
  );
}
