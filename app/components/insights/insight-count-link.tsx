import { Link } from "@remix-run/react";

/** The board's insight count: a plain link to the project's insights on /analytics (works without JavaScript). */
export function InsightCountLink({ projectId, count }: { projectId: string; count: number }) {
  return (
    <Link
      to={`/analytics?project=${projectId}#insights`}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium hover:underline ${
        count > 0 ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"
      }`}
      data-testid="insight-count"
    >
      {count} {count === 1 ? "insight" : "insights"}
      <span className="sr-only"> for this project</span>
    </Link>
  );
}
