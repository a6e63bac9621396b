import { useLocation } from "@remix-run/react";
import type { Insight } from "~/lib/insights";
import { InsightList } from "./insight-list";

/**
 * /analytics' "Needs attention": the workspace's insights, or the chosen project's. The
 * dismiss and snooze forms come back to this same page and section.
 */
export function InsightsSection({
  insights,
  hidden,
  project,
}: {
  insights: Insight[];
  hidden: number;
  project: { id: string; name: string } | null;
}) {
  const location = useLocation();
  const list = project ? insights.filter((i) => i.projectId === project.id) : insights;
  return (
    <section id="insights" aria-labelledby="insights-title" className="scroll-mt-20">
      <h2 id="insights-title" className="text-lg font-semibold text-slate-900">
        Needs attention{project ? `: ${project.name}` : ""}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">
        Insights computed from the board itself, each with the cards and numbers it rests on.
      </p>
      <InsightList
        insights={list}
        hidden={project ? 0 : hidden}
        redirectTo={`${location.pathname}${location.search}#insights`}
        showProject={!project}
      />
    </section>
  );
}
