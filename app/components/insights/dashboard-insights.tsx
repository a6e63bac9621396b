import type { Insight } from "~/lib/insights";
import { InsightList } from "./insight-list";

/** The dashboard's "Needs attention": the workspace's five most pressing insights, and a link to the rest on /analytics. */
export function DashboardInsights({ insights, hidden }: { insights: Insight[]; hidden: number }) {
  return (
    <section id="insights" aria-labelledby="insights-h" className="mt-8 scroll-mt-20">
      <h2 id="insights-h" className="text-lg font-semibold text-slate-900">
        Needs attention
      </h2>
      <div className="mt-3">
        <InsightList
          insights={insights}
          hidden={hidden}
          redirectTo="/dashboard#insights"
          showProject
          limit={5}
          moreHref="/analytics#insights"
        />
      </div>
    </section>
  );
}
