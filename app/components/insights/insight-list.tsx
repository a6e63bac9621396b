import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { SEVERITY_LABELS, type Insight, type Severity } from "~/lib/insights";

/**
 * A list of insights: each with its severity, one-line title, the evidence it rests on (each
 * linked to the card or the chart), the suggested action, and two real forms (POST /insights)
 * to dismiss it or snooze it for a week; both work without JavaScript (the server redirects
 * back to `redirectTo`). `limit` shows the first few and links to the rest.
 */
const BADGE: Record<Severity, string> = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-amber-50 text-amber-900 ring-amber-200",
  low: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function InsightList({
  insights,
  hidden,
  redirectTo,
  showProject = false,
  limit,
  moreHref,
  headingLevel = 3,
}: {
  insights: Insight[];
  hidden: number;
  redirectTo: string;
  showProject?: boolean;
  limit?: number;
  moreHref?: string;
  headingLevel?: 3 | 4;
}) {
  const shown = limit ? insights.slice(0, limit) : insights;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  if (insights.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        <p>Nothing needs attention right now.</p>
        {hidden > 0 ? <p className="mt-1">{hiddenText(hidden)}</p> : null}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Insights">
        {shown.map((insight) => (
          <li
            key={insight.id}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-insight={insight.type}
            aria-labelledby={`insight-${cssId(insight.id)}`}
          >
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <span className={`rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${BADGE[insight.severity]}`}>
                {SEVERITY_LABELS[insight.severity]}
                <span className="sr-only"> severity</span>
              </span>
              {showProject ? <span className="truncate text-slate-600">{insight.projectName}</span> : null}
            </div>
            <Heading id={`insight-${cssId(insight.id)}`} className="mt-2 text-sm font-semibold break-words text-slate-900">
              {insight.title}
            </Heading>
            <ul className="mt-2 space-y-1 text-sm" aria-label="Evidence">
              {insight.evidence.map((e, i) => (
                <li key={i} className="flex min-w-0 flex-wrap gap-x-2">
                  <Link to={e.href} className="min-w-0 truncate font-medium text-brand-700 hover:underline">
                    {e.label}
                  </Link>
                  <span className="text-slate-600">{e.value}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700">
              <span className="font-medium">Suggested: </span>
              {insight.action}
            </p>
            <Form method="post" action="/insights" className="mt-3 flex flex-wrap gap-2">
              <input type="hidden" name="insightId" value={insight.id} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button type="submit" name="how" value="snooze" className={buttonClass("secondary", "sm")}>
                Snooze for a week<span className="sr-only">: {insight.title}</span>
              </button>
              <button type="submit" name="how" value="dismiss" className={buttonClass("ghost", "sm")}>
                Dismiss<span className="sr-only">: {insight.title}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {limit && insights.length > limit && moreHref ? (
        <Link to={moreHref} className="inline-block text-sm font-medium text-brand-700 hover:underline">
          See all {insights.length} insights
        </Link>
      ) : null}
      {hidden > 0 ? <p className="text-xs text-slate-600">{hiddenText(hidden)}</p> : null}
    </div>
  );
}

const cssId = (id: string) => id.replace(/[^a-zA-Z0-9_-]/g, "-");
const hiddenText = (n: number) =>
  `${n} ${n === 1 ? "insight" : "insights"} you dismissed or snoozed ${n === 1 ? "is" : "are"} hidden until ${n === 1 ? "its" : "their"} evidence changes or the snooze ends.`;
