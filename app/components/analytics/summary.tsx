import type { WrittenSummary } from "~/lib/llm";

/**
 * The project's written summary (only when a language model is configured): the model's
 * words made from the numbers on the page, or the same numbers in fixed sentences when the
 * model did not answer. Says which it is.
 */
export function ProjectSummary({ summary }: { summary: WrittenSummary }) {
  return (
    <section aria-labelledby="project-summary-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm xl:col-span-2">
      <h3 id="project-summary-title" className="text-base font-semibold text-slate-900">
        Summary
      </h3>
      <p className="mt-1 text-sm text-slate-800" data-testid="project-summary">
        {summary.text}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        {summary.source === "model"
          ? "Written by a language model from the numbers on this page."
          : "Written from the numbers on this page (the language model did not answer)."}
      </p>
    </section>
  );
}
