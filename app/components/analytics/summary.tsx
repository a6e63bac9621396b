import { useEffect, useRef } from "react";
import { useRevalidator } from "@remix-run/react";
import type { WrittenSummary } from "~/lib/llm";

/** How often, and how many times, the page asks again for a summary the model is still writing. */
const RECHECK_MS = 3000;
const RECHECKS = 3;

/**
 * The project's written summary (only when a language model is configured): the model's
 * words made from the numbers on the page, or the same numbers in fixed sentences when the
 * model did not answer, or has not yet (the page does not wait long for it). Says which it
 * is. With JavaScript a summary still being written replaces itself when it is ready.
 */
export function ProjectSummary({ summary }: { summary: WrittenSummary }) {
  const revalidator = useRevalidator();
  const rechecks = useRef(0);
  useEffect(() => {
    if (!summary.pending || rechecks.current >= RECHECKS) return;
    const timer = setTimeout(() => {
      rechecks.current += 1;
      revalidator.revalidate();
    }, RECHECK_MS);
    return () => clearTimeout(timer);
    // The summary object changes with each load; that is when to look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);
  return (
    <section aria-labelledby="project-summary-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm xl:col-span-2">
      <h3 id="project-summary-title" className="text-base font-semibold text-slate-900">
        Summary
      </h3>
      <p className="mt-1 text-sm text-slate-800" data-testid="project-summary">
        {summary.text}
      </p>
      <p className="mt-2 text-xs text-slate-600" aria-live="polite">
        {summary.source === "model"
          ? "Written by a language model from the numbers on this page."
          : summary.pending
            ? "Written from the numbers on this page. The language model is still writing its summary: it shows here when ready (reload the page if it does not)."
            : "Written from the numbers on this page (the language model did not answer)."}
      </p>
    </section>
  );
}
