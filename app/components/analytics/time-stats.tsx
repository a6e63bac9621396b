import type { Percentiles } from "~/lib/analytics";

/** Cycle and lead time at a glance: the 50th, 85th and 95th percentiles in days, and how many cards they rest on. */
export function TimeStats({ cycle, lead }: { cycle: Percentiles | null; lead: Percentiles | null }) {
  const rows = [
    { name: "Cycle time", hint: "first start to done", stats: cycle },
    { name: "Lead time", hint: "creation to done", stats: lead },
  ];
  return (
    <section aria-labelledby="time-stats-title" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id="time-stats-title" className="text-base font-semibold text-slate-900">
        How long work takes
      </h3>
      {cycle || lead ? (
        <div
          role="region"
          aria-label="Cycle and lead time percentiles"
          // A scrolling region must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="relative mt-3 overflow-x-auto"
        >
          <table className="w-full text-left text-sm" data-testid="time-stats">
            <caption className="sr-only">Cycle and lead time percentiles, in days</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Measure
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  50th percentile
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  85th percentile
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  95th percentile
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Cards
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {rows.map((r) => (
                <tr key={r.name}>
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {r.name} <span className="block text-xs text-slate-600">{r.hint}</span>
                  </th>
                  {r.stats ? (
                    <>
                      <td className="px-3 py-2 tabular-nums">{r.stats.p50} days</td>
                      <td className="px-3 py-2 tabular-nums">{r.stats.p85} days</td>
                      <td className="px-3 py-2 tabular-nums">{r.stats.p95} days</td>
                      <td className="px-3 py-2 tabular-nums">{r.stats.count}</td>
                    </>
                  ) : (
                    <td colSpan={4} className="px-3 py-2 text-slate-600">
                      Not enough finished cards yet
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Not enough finished cards yet: percentiles appear once a card is finished in this range.
        </p>
      )}
    </section>
  );
}
